// What a billing export holds before it runs: the counts by outcome, the scope ("finished and
// reviewed only" or all), and a warning that names the flagged meters it leaves out or includes.
import type { BillingOverview } from '../../common/ipc';
import { flaggedMeterCount } from '../../common/billing/meter-outcome';
import { formatCount } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { ExportQuestion, type ExportAnswer } from './export-question';

export type ExportScope = ExportAnswer<'scope'>;

export function ExportCounts({ totals }: { totals: BillingOverview['totals'] }): React.JSX.Element {
  const t = useT('billing');
  const lang = useLang();
  const n = (v: number): string => formatCount(v, lang);
  return (
    <>
      <p className="label">{t('export.contents')}</p>
      <ul className="legend export-counts" data-testid="billing-export-counts">
        <li>
          {t('export.finished')} <strong>{n(totals.confirmed)}</strong>
        </li>
        <li>
          {t('export.skipped')} <strong>{n(totals.skipped)}</strong>
        </li>
        <li>
          {t('export.flaggedMeters')} <strong>{n(flaggedMeterCount(totals))}</strong>
        </li>
        <li>
          {t('export.pending')} <strong>{n(totals.pending)}</strong>
        </li>
        <li>
          {t('export.notSent')} <strong>{n(totals.missing)}</strong>
        </li>
      </ul>
    </>
  );
}

export function ExportScopeChoice({
  scope,
  setScope,
  flagged,
  moreFlagged,
}: {
  scope: ExportScope;
  setScope: (scope: ExportScope) => void;
  /** The flagged meters the overview names (the first few). */
  flagged: readonly string[];
  /** How many more are flagged than it names. */
  moreFlagged: number;
}): React.JSX.Element {
  const t = useT('billing');
  const lang = useLang();
  const n = (v: number): string => formatCount(v, lang);
  const named = flagged.join(', ');
  return (
    <>
      <ExportQuestion question="scope" value={scope} onChange={setScope} />
      {flagged.length > 0 && (
        <p
          className="banner banner-warn export-warning"
          role="note"
          data-testid="billing-export-warning"
        >
          {scope === 'finished'
            ? t('export.warnLeftOut', { meters: named })
            : t('export.warnIncluded', { meters: named })}
          {moreFlagged > 0 && ` ${t('export.warnMore', { n: n(moreFlagged) })}`}
        </p>
      )}
    </>
  );
}
