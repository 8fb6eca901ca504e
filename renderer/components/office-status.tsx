// The office card beside quota and AI, only while an office is in use: whether this desk reaches
// it, what waits in its outbox, and, when the office refuses the desk, why (the words of the
// Office card's Test). Who publishes where is its tooltip: the header is narrow at 1024 px.
// Nothing is shown without an office: the window is as it was.
import type { OfficeStatus } from '../../common/ipc';
import { useT } from '../i18n/i18n';
import { useApp, useAppApi } from '../store/context';
import { OFFICE_REPORT_BUTTON_ID } from '../store/screen-focus';
import { Icon } from './icon';

const DOT: Record<OfficeStatus['state'], string> = {
  starting: 'unknown',
  connected: 'online',
  away: 'offline',
  refused: 'offline',
};

export function OfficeStatusCard(): React.JSX.Element | null {
  const office = useApp((s) => s.officeStatus);
  const api = useAppApi();
  const t = useT('office');
  const reportT = useT('officeReport');
  if (office === null) return null;
  const { state, pending } = office;
  const line =
    state === 'refused'
      ? t(`status.problem.${office.problem ?? 'other'}`)
      : state === 'away'
        ? t('status.awayLine', { count: pending })
        : state === 'starting'
          ? t('status.startingLine', { host: office.host })
          : pending > 0
            ? t('status.publishing', { count: pending })
            : t('status.published');
  const help =
    state === 'refused'
      ? t('status.refusedHelp')
      : state === 'away'
        ? t('status.awayHelp')
        : undefined;
  return (
    <section
      className="widget widget-office"
      aria-label={t('status.label')}
      data-testid="office-status"
      data-state={state}
      title={t('status.where', { desk: office.desk, database: office.database, host: office.host })}
    >
      <div className="widget-head">
        <Icon name="database" />
        <span className="widget-title">{t('status.title')}</span>
        {/* The supervisor's view of the office (screens/office-report/). */}
        <button
          type="button"
          id={OFFICE_REPORT_BUTTON_ID}
          className="widget-open"
          title={reportT('openHelp')}
          data-testid="open-office-report"
          onClick={() => {
            api.getState().showScreen('officeReport');
          }}
        >
          {reportT('open')}
        </button>
      </div>
      <p className="widget-main">
        <span className={`dot dot-${DOT[state]}`} aria-hidden="true" />
        <span data-testid="office-state">{t(`status.state.${state}`)}</span>
      </p>
      <p
        className={`widget-line ${state === 'away' || state === 'refused' ? 'tone-warn' : 'muted'}`}
        data-testid="office-line"
        title={help}
      >
        {line}
      </p>
      {office.unclaimed > 0 && (
        // Beside whatever the state is: the office may be back, the photos went unclaimed still.
        <p
          className="widget-line tone-warn"
          data-testid="office-unclaimed"
          title={t('status.unclaimedHelp')}
        >
          {t('status.unclaimed', { count: office.unclaimed })}
        </p>
      )}
    </section>
  );
}
