// A meter as billing sees it, for the detail: the sheet's fields, the previous reading and date,
// the photo's read date, the consumption and which plausibility rules fired (their sentences come
// from common/billing), billing's own limits for a meter from an order file, and how the photo was
// matched.
import type { MeterDetail } from '../../common/ipc';
import type { JobRecord } from '../../common/job-record';
import { useT } from '../i18n/i18n';
import { formatAmount, formatDateTime, formatDay, formatReading } from '../i18n/format';
import { useLang } from '../i18n/use-lang';
import { BillingLimits } from './billing-limits';
import { ConsumptionChart } from './consumption-chart';
import { ExpectationBand } from './expectation-band';
import { MeterExchangeFacts } from './meter-exchange-facts';
import { errorText } from '../lib/states';
import { outcomeLine } from './outcome-words';
import { dateNoteLine, ruleLine, spreadLine, uncheckedLine } from './rule-words';

const LEVEL_TONE = {
  ok: 'tag-ok',
  not_checked: 'tag-attn',
  warning: 'tag-attn',
  error: 'tag-attn',
} as const;

export function MeterFacts({
  detail,
  job,
}: {
  detail: MeterDetail;
  job: JobRecord | null;
}): React.JSX.Element {
  const t = useT('billing');
  const lang = useLang();
  const { meter } = detail;
  // A person's decision (a typed reading, an exchange, an estimate) sets what is billed.
  const kind = detail.decision?.decision.kind;
  // The photo shown has its own check; a meter shown alone, its chosen photo's. After an
  // exchange the photo's own check still compares the new meter with the old one's reading: the
  // check over both meters is the one that stands.
  const check = job && kind !== 'exchange' ? job.plausibilityDetail : detail.check;
  const decided = kind === 'typed' || kind === 'exchange' || kind === 'estimate';
  const consumption = decided ? (detail.consumption ?? null) : (check?.consumption ?? null);
  const tDecisions = useT('decisions');
  const tStates = useT('states');
  const tBanners = useT('banners');
  const previous = check?.baseline ?? {
    reading: meter.previousReading,
    readAt: meter.previousReadAt,
  };
  const reasons = [
    ...(check?.codeFlag ? [check.codeFlag] : []),
    ...(check?.flagged ?? []),
    ...(check?.dateFlags ?? []),
  ];
  const unchecked = uncheckedLine(check?.unchecked ?? [], t);
  const spread = detail.spread ? spreadLine(detail.spread, t, lang) : null;
  const readAt = job?.readAt ?? null;
  const readMs = readAt ? Date.parse(readAt) : NaN;
  const dateNote = job?.readAtNote ?? check?.dateNote ?? null;
  const note = dateNote === null ? null : dateNoteLine(dateNote, t);
  // Why the meter waits or is flagged (two different photos, a held photo): the export said it,
  // the detail said "Flagged" beside "Plausible" and nothing more.
  const said = detail.state === 'confirmed' ? null : outcomeLine(detail.said, tDecisions);
  // The held photo shown says its own reason (too dark, blurred …): the meter's line names only
  // the kinds a check can hold for.
  const heldWhy =
    detail.said?.code === 'held' && job?.holdReason ? errorText(job, tStates, tBanners, lang) : '';
  const why = said === null ? null : [said, heldWhy].filter(Boolean).join(' ');
  return (
    <section aria-label={t('detail.title')} data-testid="meter-facts">
      <h3 className="section-title">{t('detail.title')}</h3>
      <dl className="facts">
        <dt>{t('detail.meter')}</dt>
        <dd className="mono" data-testid="facts-meter">
          {meter.meterId}
        </dd>
        {meter.account && (
          <>
            <dt>{t('detail.account')}</dt>
            <dd data-i18n-skip="data">{meter.account}</dd>
          </>
        )}
        {meter.address && (
          <>
            <dt>{t('detail.address')}</dt>
            <dd data-i18n-skip="data">{meter.address}</dd>
          </>
        )}
        {(meter.route ?? meter.sequence) !== null && (
          <>
            <dt>{t('detail.route')}</dt>
            <dd data-i18n-skip>
              {[meter.route, meter.sequence === null ? null : String(meter.sequence)]
                .filter(Boolean)
                .join(' · ')}
            </dd>
          </>
        )}
        <dt>{t('detail.previous')}</dt>
        <dd data-testid="facts-previous">
          <span className="num">
            {previous.reading ? formatReading(previous.reading, lang) : '–'}
          </span>
          {previous.readAt && (
            <span className="muted">
              {' '}
              {t('detail.previousAt', { date: formatDay(previous.readAt, lang) })}
            </span>
          )}
        </dd>
        <MeterExchangeFacts oldMeter={meter.meterId} decision={detail.decision} />
        {job && (
          <>
            <dt>{t('detail.readAt')}</dt>
            <dd>
              <span data-i18n-skip>
                {Number.isFinite(readMs) ? formatDateTime(readMs, lang) : '–'}
              </span>
              {job.readAtSource === 'file_time' && (
                <span className="muted"> ({t('detail.fileTime')})</span>
              )}
              {note && (
                <span
                  className="muted small"
                  data-testid="facts-date-note"
                  {...('quoted' in note && { 'data-i18n-skip': 'quoted', lang: 'en' })}
                >
                  {' '}
                  {'worded' in note ? note.worded : note.quoted}
                </span>
              )}
            </dd>
          </>
        )}
        {consumption !== null && (
          <>
            <dt>{t('detail.consumption')}</dt>
            <dd className="num" data-testid="facts-consumption">
              {formatAmount(consumption, lang)} m³
              {!decided && check?.rolledOver && (
                <span className="muted"> ({t('detail.rolledOver')})</span>
              )}
              {detail.readType === 'estimated' && (
                <span className="muted"> ({tDecisions('readType.estimated')})</span>
              )}
            </dd>
          </>
        )}
        {check && (
          <>
            <dt>{t('detail.plausibility')}</dt>
            <dd>
              <span className={`tag ${LEVEL_TONE[check.level]}`} data-testid="facts-level">
                {t(`detail.level.${check.level}`)}
              </span>
            </dd>
          </>
        )}
        {detail.billingLimits && <BillingLimits limits={detail.billingLimits} />}
        {check?.band && consumption !== null && (
          <ExpectationBand
            band={check.band}
            consumption={consumption}
            basis={check.basis ?? 'sheet'}
          />
        )}
        {job?.matchHow && (
          <>
            <dt>{t('detail.matched')}</dt>
            <dd>{t(`detail.how.${job.matchHow}`)}</dd>
          </>
        )}
        <dt>{t('detail.state')}</dt>
        <dd data-testid="facts-state">
          {/* An estimate neither passed checks nor was confirmed: it says it is one. */}
          {detail.confirmation === 'estimated'
            ? tDecisions('readType.estimated')
            : t(`states.${detail.state}`)}
          {meter.typedReading && (
            <span className="muted">
              {' '}
              · {t('detail.typed', { reading: formatReading(meter.typedReading, lang) })}
            </span>
          )}
          {detail.readType === 'customer' && (
            <span className="muted" data-testid="facts-customer">
              {' '}
              · {tDecisions('readType.customer')}
            </span>
          )}
          {meter.skipCode && (
            <span className="muted">
              {' '}
              · {t('detail.skippedAs', { code: t(`skip.codes.${meter.skipCode}`) })}
              {meter.skipNote ? ` (${meter.skipNote})` : ''}
            </span>
          )}
        </dd>
      </dl>
      {detail.history && (
        <ConsumptionChart
          history={detail.history}
          current={check?.band && consumption !== null ? { consumption, band: check.band } : null}
        />
      )}
      {why !== null && (
        <p className="hint" role="note" data-testid="facts-outcome">
          {why}
        </p>
      )}
      {spread !== null && (
        <p className="hint" role="note" data-testid="facts-spread">
          {spread}
        </p>
      )}
      {(reasons.length > 0 || unchecked !== null) && (
        <div className="rule-reasons" role="note" data-testid="facts-rules">
          <p className="label">{t('detail.rules')}</p>
          <ul>
            {unchecked !== null && <li data-testid="facts-unchecked">{unchecked}</li>}
            {reasons.map((r) => {
              const line = ruleLine(r, t, lang);
              return 'worded' in line ? (
                <li key={`${r.code}-${line.worded}`}>{line.worded}</li>
              ) : (
                <li key={`${r.code}-${line.quoted}`} data-i18n-skip>
                  {line.quoted}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
