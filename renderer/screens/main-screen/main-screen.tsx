// The screen staff live in: header with quota and AI, banners, folders with their progress, the
// overall progress, the table and the selected photo.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useShortcuts } from '../../hooks/use-shortcuts';
import { useApp, useAppApi } from '../../store/context';
import { RoutePanel } from '../../billing/route-panel';
import { AddReport } from '../../components/add-report';
import { Banners } from '../../components/banners';
import { DetailPanel } from './detail-panel';
import { EmptyState, NoMatches } from '../../components/empty-state';
import { ExportDialog } from './export-dialog';
import { Header } from '../../components/header';
import { JobTable, TABLE_ID } from '../../components/job-table';
import { ProgressPanel } from '../../components/progress-panel';
import { RoutesSidebar } from '../../components/routes-sidebar';
import { ServiceSwitchNote } from '../../components/service-switch';
import { SEARCH_INPUT_ID, Toolbar } from '../../components/toolbar';
import { useT } from '../../i18n/i18n';
import { describeError } from '../../lib/errors';

export function MainScreen(): React.JSX.Element {
  const api = useAppApi();
  const [exporting, setExporting] = useState(false);
  const t = useT('app');
  const tErrors = useT('errors');
  const { hasJobs, total, loaded, tableError } = useApp(
    useShallow((s) => ({
      hasJobs: s.status.counts.total > 0,
      total: s.total,
      loaded: s.tableLoaded,
      tableError: s.tableError,
    })),
  );
  useShortcuts(api, SEARCH_INPUT_ID, !exporting);
  // Routes and meters follow the queue's pushes while the main screen is up.
  useEffect(() => api.getState().watchBilling(), [api]);

  const startReview = (): void => {
    const state = api.getState();
    state.setQuery({ filter: 'to_review' });
    void state.reloadTable().then(() => {
      void api.getState().moveSelection(1);
      document.getElementById(TABLE_ID)?.focus();
    });
  };

  return (
    <div className="app">
      <Header
        onExport={() => {
          setExporting(true);
        }}
      />
      <ServiceSwitchNote />
      <Banners />
      <div className={hasJobs ? 'workspace' : 'workspace workspace-empty'}>
        <RoutesSidebar />
        <main className="content" aria-label={t('main.photos')}>
          {hasJobs ? (
            <>
              <ProgressPanel />
              <RoutePanel />
              <AddReport />
              <Toolbar onStartReview={startReview} />
              <div className="table-wrap">
                <JobTable />
                {loaded && total === 0 && !tableError && <NoMatches />}
                {tableError && (
                  <p className="tone-bad table-error" role="alert">
                    {describeError(tableError, tErrors)}
                  </p>
                )}
              </div>
            </>
          ) : (
            <>
              <RoutePanel />
              <AddReport />
              <EmptyState />
            </>
          )}
        </main>
        {hasJobs && <DetailPanel />}
      </div>
      {exporting && (
        <ExportDialog
          onClose={() => {
            setExporting(false);
          }}
        />
      )}
    </div>
  );
}
