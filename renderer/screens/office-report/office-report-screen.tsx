// The Office report: the supervisor's view of the office for one day (issue 23, item 7; the
// window's `meter-desk office report`), opened from the header's Office card. It reads the office
// when it opens, on Refresh, when the day changes, and when another desk's change is heard
// (AppEvent.officeChange). Without an office, or while the office is away or refuses, it says so
// in the words of the Office settings' Test instead of showing empty tables.
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { OfficeReportView } from '../../../common/ipc';
import { formatDay } from '../../i18n/format';
import { useT } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import { Icon } from '../../components/icon';
import { useEscapeToPhotos } from '../../hooks/use-escape-to-photos';
import { useApp, useAppApi } from '../../store/context';
import { OfficeReportTables } from './office-report-tables';

export function OfficeReportScreen(): React.JSX.Element {
  const api = useAppApi();
  const t = useT('officeReport');
  const officeT = useT('office');
  const lang = useLang();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { report, day, loading } = useApp(
    useShallow((s) => ({
      report: s.officeReport,
      day: s.officeReportDay,
      loading: s.officeReportLoading,
    })),
  );

  useEscapeToPhotos();
  useEffect(() => {
    headingRef.current?.focus();
    void api.getState().loadOfficeReport();
  }, [api]);

  const shownDay = day ?? report?.day ?? '';
  const exportCsv = async (): Promise<void> => {
    setSaved(null);
    const reply = await api.getState().exportOfficeReport();
    if (!reply.ok) {
      api.getState().notifyError(reply.error);
      return;
    }
    const file = reply.value;
    if (file === null) return;
    if (file.state === 'written') {
      setSaved(t('exported', { day: formatDay(file.day, lang), path: file.path }));
    } else {
      // The office went away between reading and writing: the screen shows why.
      void api.getState().loadOfficeReport();
    }
  };

  return (
    <main className="settings office-report" data-testid="office-report">
      <div className="settings-head">
        <button
          type="button"
          className="btn btn-quiet"
          onClick={() => {
            api.getState().showScreen('main');
          }}
        >
          {t('back')}
        </button>
        <h1 ref={headingRef} tabIndex={-1} data-testid="office-report-heading">
          {t('title')}
        </h1>
      </div>
      <div className="office-report-bar">
        <label className="office-report-day">
          <span>{t('day')}</span>
          <input
            type="date"
            className="input"
            data-testid="office-report-day"
            value={shownDay}
            onChange={(e) => {
              const value = e.target.value;
              void api.getState().loadOfficeReport(value === '' ? null : value);
            }}
          />
        </label>
        <button
          type="button"
          className="btn btn-quiet"
          disabled={day === null}
          onClick={() => void api.getState().loadOfficeReport(null)}
        >
          {t('today')}
        </button>
        <span className="office-report-where muted small" data-i18n-skip>
          {report?.state === 'report' &&
            t('where', { database: report.database, host: report.host, desk: report.desk })}
        </span>
        <button
          type="button"
          className="btn"
          data-testid="office-report-refresh"
          aria-busy={loading}
          onClick={() => void api.getState().loadOfficeReport()}
        >
          <Icon name="retry" /> {loading ? t('refreshing') : t('refresh')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          data-testid="office-report-export"
          disabled={report?.state !== 'report'}
          onClick={() => void exportCsv()}
        >
          <Icon name="download" /> {t('exportCsv')}
        </button>
      </div>
      {saved !== null && (
        <p className="form-ok" role="status" data-testid="office-report-saved">
          {saved}
        </p>
      )}
      <ReportBody report={report} officeT={officeT} />
    </main>
  );
}

function ReportBody({
  report,
  officeT,
}: {
  report: OfficeReportView | null;
  officeT: ReturnType<typeof useT<'office'>>;
}): React.JSX.Element {
  const api = useAppApi();
  const t = useT('officeReport');
  if (report === null) {
    return (
      <p className="muted" role="status">
        {t('reading')}
      </p>
    );
  }
  if (report.state === 'noOffice') {
    return (
      <section
        className="card office-report-state"
        data-testid="office-report-state"
        data-state="noOffice"
      >
        <h2 className="card-title">{t('noOffice.title')}</h2>
        <p className="muted">{t('noOffice.body')}</p>
        <div>
          <button
            type="button"
            className="btn"
            onClick={() => {
              api.getState().showScreen('settings');
            }}
          >
            <Icon name="gear" /> {t('noOffice.settings')}
          </button>
        </div>
      </section>
    );
  }
  if (report.state === 'problem') {
    const away = report.problem === 'unreachable';
    return (
      <section
        className="card office-report-state"
        role="alert"
        data-testid="office-report-state"
        data-state={away ? 'away' : 'refused'}
      >
        <h2 className="card-title">
          <Icon name="warning" /> {away ? t('away') : t('refused')}
        </h2>
        <p>
          {officeT(`problem.${report.problem}`, { ...report.params })}
          {report.problem === 'other' && (
            <>
              {' '}
              <span data-i18n-skip>{report.params.detail}</span>
            </>
          )}
        </p>
        <p className="muted small">{t('problemHelp')}</p>
      </section>
    );
  }
  return <OfficeReportTables report={report} />;
}
