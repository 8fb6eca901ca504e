// What a billing export holds before it runs: the counts by outcome (in an office, also the meters
// read at any desk, and the counts by route), the scope ("finished and reviewed only" or all), and
// a warning that names the flagged meters it leaves out or includes. One part for a desk's export,
// the office's and the return file's, so the three say the same counts in the same words.
import type { MeterCounts } from '../../common/billing/meter-outcome';
import type { OfficeExportRoute } from '../../common/ipc';
import { flaggedMeterCount } from '../../common/billing/meter-outcome';
import { formatCount } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { ExportQuestion, type ExportAnswer } from './export-question';

export type ExportScope = ExportAnswer<'scope'>;

/** The counts a dialog shows: a desk's totals, or the office's with how many are read. */
export type ExportTotals = Omit<MeterCounts, 'meters'> & { readonly read?: number };

export function ExportCounts({
  totals,
  routes,
}: {
  totals: ExportTotals;
  /** The office's routes, each with its counts; absent: a desk's export. */
  routes?: readonly OfficeExportRoute[];
}): React.JSX.Element {
  const t = useT('billing');
  const lang = useLang();
  const n = (v: number): string => formatCount(v, lang);
  return (
    <>
      <p className="label">{t('export.contents')}</p>
      <ul className="legend export-counts" data-testid="billing-export-counts">
        {totals.read !== undefined && (
          <li>
            {t('export.read')} <strong>{n(totals.read)}</strong>
          </li>
        )}
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
      {routes && routes.length > 0 && <RouteCounts routes={routes} />}
    </>
  );
}

/** The office's counts route by route: meters, read, flagged and still without a reading. */
function RouteCounts({ routes }: { routes: readonly OfficeExportRoute[] }): React.JSX.Element {
  const t = useT('billing');
  const lang = useLang();
  const n = (v: number): string => formatCount(v, lang);
  return (
    <>
      <p className="label" id="export-routes-label">
        {t('export.byRoute')}
      </p>
      <table
        className="export-routes"
        aria-labelledby="export-routes-label"
        data-testid="billing-export-routes"
      >
        <thead>
          <tr>
            <th scope="col">{t('export.route')}</th>
            <th scope="col">{t('export.meters')}</th>
            <th scope="col">{t('export.read')}</th>
            <th scope="col">{t('export.flaggedMeters')}</th>
            <th scope="col">{t('export.notSent')}</th>
          </tr>
        </thead>
        <tbody>
          {routes.map((r) => (
            <tr key={r.route ?? ''}>
              <th scope="row">
                {r.route === null ? (
                  t('export.noRoute')
                ) : (
                  <span data-i18n-skip="data">{r.route}</span>
                )}
              </th>
              <td>{n(r.meters)}</td>
              <td>{n(r.read)}</td>
              <td>{n(flaggedMeterCount(r))}</td>
              <td>{n(r.missing)}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
