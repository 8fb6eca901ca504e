// A meter's use over its last periods beside the photo (issue 33, item 8): one bar per period of
// its history (daily use, so a 28-day and a 35-day period compare), coloured by who read the
// reading that closed it; billing's estimates and meter exchanges marked on the axis; and this
// reading's period last, with the band the rules allowed. A clerk sees at a glance whether this
// reading continues the meter's pattern, its season included.
import type { MeterHistory } from '../../common/billing/meter-history-view';
import type { CheckBand } from '../../common/billing/reading-check';
import { formatAmount, formatDay } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';

const W = 480;
const H = 170;
const LEFT = 40;
const RIGHT = 8;
const TOP = 10;
const BOTTOM = 34;
const PLOT_H = H - TOP - BOTTOM;

export interface ThisPeriod {
  readonly consumption: number;
  readonly band: CheckBand;
}

/** A rounded top for the axis, close above the largest figure (so the bars use the height). */
function niceTop(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((s) => s * power >= max) ?? 10;
  return step * power;
}

export function ConsumptionChart({
  history,
  current,
}: {
  history: MeterHistory;
  current: ThisPeriod | null;
}): React.JSX.Element | null {
  const t = useT('history');
  const lang = useLang();
  const { periods } = history;
  if (periods.length === 0) return null;
  const unit = current?.band.unit || 'm³';
  const now = current && current.band.days > 0 ? current : null;
  const perDay = periods.map((p) => p.used / p.days);
  const nowPerDay = now ? now.consumption / now.band.days : null;
  const top = niceTop(
    Math.max(...perDay, nowPerDay ?? 0, now ? now.band.upper / now.band.days : 0) * 1.05,
  );
  const slots = periods.length + (now ? 1 : 0);
  const slot = (W - LEFT - RIGHT) / slots;
  const y = (v: number): number => TOP + PLOT_H - (Math.min(v, top) / top) * PLOT_H;
  const barW = Math.max(2, slot * 0.7);
  const xOf = (i: number): number => LEFT + i * slot + (slot - barW) / 2;
  const first = periods[0]?.from ?? '';
  const last = periods.at(-1)?.to ?? first;
  const span = Math.max(1, Date.parse(last) - Date.parse(first));
  // A date on the axis, for the estimates and exchanges between the bars.
  const xAt = (day: string): number =>
    LEFT + ((Date.parse(day) - Date.parse(first)) / span) * periods.length * slot;
  const fig = (v: number): string => formatAmount(Math.round(v * 100) / 100, lang);
  const label = t('chart.picture', {
    count: periods.length,
    from: formatDay(first, lang),
    to: formatDay(last, lang),
    low: fig(Math.min(...perDay)),
    high: fig(Math.max(...perDay)),
    unit,
  });
  const month = (day: string): string =>
    new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
      month: 'short',
      timeZone: 'UTC',
    }).format(Date.parse(day));
  const every = Math.ceil(slots / 8);
  return (
    <figure className="consumption-chart" data-testid="consumption-chart">
      <figcaption className="label">{t('chart.title', { unit })}</figcaption>
      <svg viewBox={`0 0 ${String(W)} ${String(H)}`} role="img" aria-label={label}>
        {[0, top / 2, top].map((v) => (
          <g key={v}>
            <line className="chart-grid" x1={LEFT} x2={W - RIGHT} y1={y(v)} y2={y(v)} />
            <text className="chart-axis" x={LEFT - 4} y={y(v) + 4} textAnchor="end">
              {fig(v)}
            </text>
          </g>
        ))}
        {periods.map((p, i) => (
          <rect
            key={p.to}
            className={`chart-bar chart-${p.closedBy}`}
            x={xOf(i)}
            y={y(perDay[i] ?? 0)}
            width={barW}
            height={Math.max(0.5, TOP + PLOT_H - y(perDay[i] ?? 0))}
          >
            <title>
              {t('chart.bar', {
                from: formatDay(p.from, lang),
                to: formatDay(p.to, lang),
                used: fig(p.used),
                perDay: fig(perDay[i] ?? 0),
                unit,
              })}
            </title>
          </rect>
        ))}
        {now && nowPerDay !== null && (
          <g data-testid="chart-now">
            <rect
              className="chart-band"
              x={xOf(periods.length) - 2}
              y={y(now.band.upper / now.band.days)}
              width={barW + 4}
              height={Math.max(
                1,
                y(now.band.lower / now.band.days) - y(now.band.upper / now.band.days),
              )}
            />
            <rect
              className={
                nowPerDay > now.band.upper / now.band.days ||
                nowPerDay < now.band.lower / now.band.days
                  ? 'chart-bar chart-now chart-out'
                  : 'chart-bar chart-now'
              }
              x={xOf(periods.length) + barW * 0.2}
              y={y(nowPerDay)}
              width={barW * 0.6}
              height={Math.max(0.5, TOP + PLOT_H - y(nowPerDay))}
            />
          </g>
        )}
        {history.estimates.map((day) => (
          <path
            key={`e-${day}`}
            className="chart-estimate"
            d={`M ${String(xAt(day))} ${String(TOP + PLOT_H + 2)} l 4 5 l -4 5 l -4 -5 z`}
          >
            <title>{t('chart.estimate', { day: formatDay(day, lang) })}</title>
          </path>
        ))}
        {history.exchanges.map((day) => (
          <line
            key={`x-${day}`}
            className="chart-exchange"
            x1={xAt(day)}
            x2={xAt(day)}
            y1={TOP}
            y2={TOP + PLOT_H}
          >
            <title>{t('chart.exchange', { day: formatDay(day, lang) })}</title>
          </line>
        ))}
        {periods.map((p, i) =>
          i % every === 0 ? (
            <text
              key={`m-${p.to}`}
              className="chart-axis"
              x={xOf(i) + barW / 2}
              y={H - 6}
              textAnchor="middle"
            >
              {month(p.to)}
            </text>
          ) : null,
        )}
        {now && (
          <text
            className="chart-axis chart-axis-now"
            x={xOf(periods.length) + barW / 2}
            y={H - 6}
            textAnchor="middle"
          >
            {t('chart.now')}
          </text>
        )}
      </svg>
      <ul className="chart-legend">
        <li>
          <span className="swatch chart-actual" /> {t('chart.legend.actual')}
        </li>
        <li>
          <span className="swatch chart-customer" /> {t('chart.legend.customer')}
        </li>
        {history.estimates.length > 0 && (
          <li>
            <span className="swatch chart-estimate" /> {t('chart.legend.estimated')}
          </li>
        )}
        {now && (
          <li>
            <span className="swatch chart-band" /> {t('chart.legend.band')}
          </li>
        )}
      </ul>
    </figure>
  );
}
