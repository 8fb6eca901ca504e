// The route at a glance, above the photo table: the loaded route sheets, per-route progress (read
// and confirmed, flagged, skipped, missing), review in walking order, the missing meters for the
// field, the file-name pattern and the meter list with its filters.
import { HistoryImportButton, HistoryImportResult } from './history-import';
import { InspectionButton, InspectionView } from './inspection-view';
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../i18n/i18n';
import { formatCount } from '../i18n/format';
import { useApp, useAppApi } from '../store/context';
import { Icon } from '../components/icon';
import { MeterList } from './meter-list';
import { PatternForm } from './pattern-form';
import { RouteProgress } from './route-progress';
import { SheetDialog } from './sheet-dialog';
import { useLang } from '../i18n/use-lang';
import { flaggedMeterCount } from '../../common/billing/meter-outcome';

/** A sheet loaded again (an update) is one sheet: its newest load, where it was first listed. */
function latestSheets<T extends { readonly name: string }>(sheets: readonly T[]): T[] {
  const newest = new Map(sheets.map((s) => [s.name, s]));
  return [...newest.values()];
}

export function RoutePanel(): React.JSX.Element | null {
  const t = useT('billing');
  const lang = useLang();
  const api = useAppApi();
  // The meter list opens on demand: the photo table below stays in view.
  const [open, setOpen] = useState(false);
  const { billing, walking, stepOpen } = useApp(
    useShallow((s) => ({
      billing: s.billing,
      walking: s.walking,
      stepOpen: s.sheetStep.kind !== 'idle',
    })),
  );
  if (!billing) return null;
  const loaded = billing.sheets.length > 0;

  const exportMissing = async (): Promise<void> => {
    const state = api.getState();
    // The list goes to a reader: in the window's language (the pseudo-locale's is English).
    const reply = await state.exportMissing(lang === 'de' ? 'de' : 'en');
    const done = reply.ok ? reply.value : null;
    if (!reply.ok) state.notifyError(reply.error);
    else if (done)
      state.notify(
        'ok',
        t('panel.missingWritten', { n: formatCount(done.rows, lang), path: done.path }),
        done.path,
      );
  };

  const review = async (): Promise<void> => {
    const state = api.getState();
    if (walking) state.stopWalkingReview();
    else await state.startWalkingReview();
  };

  return (
    <section className="route-panel card" aria-label={t('title')} data-testid="route-panel">
      <div className="route-panel-head">
        <h2 className="card-title">
          <Icon name="folder" /> {t('title')}
        </h2>
        <div className="route-panel-actions">
          {loaded && flaggedMeterCount(billing.totals) > 0 && (
            <button
              type="button"
              className={walking ? 'btn' : 'btn btn-primary'}
              onClick={() => void review()}
              data-testid="walking-review"
            >
              <Icon name="flag" /> {walking ? t('panel.reviewStop') : t('panel.review')}
            </button>
          )}
          {loaded && billing.totals.missing > 0 && (
            <button
              type="button"
              className="btn"
              onClick={() => void exportMissing()}
              data-testid="export-missing"
            >
              <Icon name="download" /> {t('panel.exportMissing')}
            </button>
          )}
          <button
            type="button"
            className={loaded ? 'btn btn-quiet' : 'btn'}
            onClick={() => void api.getState().chooseRouteSheet()}
            data-testid="load-route-sheet"
          >
            <Icon name="plus" /> {loaded ? t('panel.reload') : t('panel.load')}
          </button>
          <HistoryImportButton />
          <InspectionButton />
        </div>
      </div>
      {!loaded ? (
        <p className="muted">{t('panel.intro')}</p>
      ) : (
        <>
          <p className="muted small" data-testid="route-sheets">
            {latestSheets(billing.sheets)
              .map((s) => t('panel.sheet', { name: s.name, meters: formatCount(s.meters, lang) }))
              .join(' · ')}
          </p>
          {billing.countedBy === 'office' && (
            <p className="muted small" data-testid="route-counted-by-office">
              {t('panel.countedByOffice')}
            </p>
          )}
          <div className="route-progress-list">
            {billing.routes.map((r) => (
              <RouteProgress key={r.route ?? ''} route={r} />
            ))}
          </div>
          <button
            type="button"
            className="btn btn-small btn-quiet meters-toggle"
            aria-expanded={open || walking}
            onClick={() => {
              setOpen(!open);
            }}
            data-testid="meters-toggle"
          >
            {open || walking ? t('panel.hideMeters') : t('panel.showMeters')}
          </button>
          {(open || walking) && (
            <>
              <MeterList />
              <PatternForm />
            </>
          )}
        </>
      )}
      {stepOpen && <SheetDialog />}
      <HistoryImportResult />
      <InspectionView />
    </section>
  );
}
