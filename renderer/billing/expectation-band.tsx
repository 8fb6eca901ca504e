// Where a reading fell against what was expected of it (issue 33, item 6): the consumption the
// rules expected for the period, the band they allowed around it and this reading, in words and
// as one bar. Before, the band was visible only inside a rule that fired, so a reading at +94 %
// that passed looked no different from one at +3 %.
import type { ExpectationBasis } from '../../common/billing/history-types';
import type { CheckBand } from '../../common/billing/reading-check';
import { formatAmount } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';

export type BandFall = 'within' | 'above' | 'below';

export function bandFall(band: CheckBand, consumption: number): BandFall {
  if (consumption > band.upper) return 'above';
  if (consumption < band.lower) return 'below';
  return 'within';
}

const WIDTH = 240;
const HEIGHT = 22;

/** Positions on the bar (0..WIDTH), the scale reaching a little past the largest figure. */
function scaled(band: CheckBand, consumption: number): (n: number) => number {
  const top = Math.max(band.upper, band.expected, consumption) * 1.15 || 1;
  return (n) => Math.round((Math.max(0, n) / top) * WIDTH * 10) / 10;
}

export function ExpectationBand({
  band,
  consumption,
  basis,
}: {
  band: CheckBand;
  consumption: number;
  basis: ExpectationBasis;
}): React.JSX.Element {
  const t = useT('history');
  const lang = useLang();
  const unit = band.unit || 'm³';
  const n = (v: number): string => formatAmount(v, lang);
  const fall = bandFall(band, consumption);
  const x = scaled(band, consumption);
  const figures = {
    expected: n(band.expected),
    lower: n(band.lower),
    upper: n(band.upper),
    consumption: n(consumption),
    days: n(band.days),
    unit,
  };
  return (
    <>
      <dt>{t('band.title')}</dt>
      <dd className="expectation-band" data-testid="facts-band" data-fall={fall}>
        <span className="num">{t('band.expected', figures)}</span>
        <span className="muted"> · {t('band.allowed', figures)}</span>
        <svg
          className="band-bar"
          viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
          role="img"
          aria-label={t('band.picture', figures)}
        >
          <rect className="band-track" x={0} y={8} width={WIDTH} height={6} rx={3} />
          <rect
            className="band-allowed"
            x={x(band.lower)}
            y={6}
            width={Math.max(1, x(band.upper) - x(band.lower))}
            height={10}
            rx={3}
          />
          <line
            className="band-expected"
            x1={x(band.expected)}
            x2={x(band.expected)}
            y1={4}
            y2={18}
          />
          <circle className={`band-reading band-${fall}`} cx={x(consumption)} cy={11} r={5} />
        </svg>
        <span className={fall === 'within' ? 'band-line' : 'band-line band-out'}>
          {t(`band.fell.${fall}`, figures)}
        </span>
        <span className="muted band-basis">{t(`band.basis.${basis}`)}</span>
      </dd>
    </>
  );
}
