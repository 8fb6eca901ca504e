// The reading AI as the service reports it: online, busy or offline, its queue and version. While
// it is offline the person is told what that means for readings.
import { useApp } from '../store/context';
import { selectAi } from '../store/status-slice';
import { useT } from '../i18n/i18n';
import { keyRefused } from '../lib/holds';
import { Icon } from './icon';
import { WidgetFrame } from './widget-frame';

export function AiStatus(): React.JSX.Element {
  const ai = useApp(selectAi);
  const unreachable = useApp((s) => s.status.holds.offline !== null);
  const denied = useApp((s) => s.status.deployment.denied.ai_status ?? null);
  const refused = useApp((s) => keyRefused(s.status));
  const t = useT('app');
  if (refused) {
    // Not "Online": the last answer came under a key the service now refuses.
    return (
      <WidgetFrame label={t('ai.label')} testId="ai-status" icon="robot" title={t('ai.title')}>
        <p className="widget-main">
          <span className="dot dot-unknown" aria-hidden="true" />
          <span data-testid="ai-state">{t('ai.unknown')}</span>
        </p>
        <p className="widget-line muted">{t('ai.knownAgain')}</p>
      </WidgetFrame>
    );
  }
  if (!ai) {
    return (
      <WidgetFrame label={t('ai.label')} testId="ai-status" icon="robot" title={t('ai.title')}>
        <p className="widget-line muted" title={denied ?? undefined} data-i18n-title="service">
          {denied ? t('ai.notPermitted') : t('ai.notKnown')}
        </p>
      </WidgetFrame>
    );
  }
  const state = unreachable ? 'unknown' : !ai.isOnline ? 'offline' : ai.busy ? 'busy' : 'online';
  const word = {
    online: t('ai.online'),
    busy: t('ai.busy'),
    offline: t('ai.offline'),
    unknown: t('ai.unreachable'),
  }[state];
  return (
    <section className="widget" aria-label={t('ai.label')} data-testid="ai-status">
      <div className="widget-head">
        <Icon name="robot" />
        <span className="widget-title">{t('ai.title')}</span>
        {ai.currentAiVersion && (
          <span className="widget-tag" title={t('ai.version')} data-i18n-skip="data">
            {ai.currentAiVersion}
          </span>
        )}
      </div>
      <p className="widget-main">
        <span className={`dot dot-${state}`} aria-hidden="true" />
        <span data-testid="ai-state">{word}</span>
        {ai.queueCount !== null && (
          <span className="muted small"> · {t('ai.inQueue', { n: ai.queueCount })}</span>
        )}
      </p>
      {state === 'offline' ? (
        <p className="widget-line tone-warn">{t('ai.historical')}</p>
      ) : state === 'unknown' ? (
        <p className="widget-line muted">{t('ai.knownOnAnswer')}</p>
      ) : (
        <p className="widget-line muted" title={ai.publicStatus} data-i18n-title="service">
          {state === 'busy' ? t('ai.highLoad') : t('ai.ready')}
        </p>
      )}
    </section>
  );
}
