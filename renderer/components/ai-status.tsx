// The reading AI as the service reports it: online, busy or offline, its queue and version. While
// it is offline the person is told what that means for readings.
import { useApp } from '../store/context';
import { selectAi } from '../store/status-slice';
import { formatCount } from '../lib/format';
import { keyRefused } from '../lib/holds';
import { Icon } from './icon';
import { WidgetFrame } from './widget-frame';

export function AiStatus(): React.JSX.Element {
  const ai = useApp(selectAi);
  const unreachable = useApp((s) => s.status.holds.offline !== null);
  const denied = useApp((s) => s.status.deployment.denied.ai_status ?? null);
  const refused = useApp((s) => keyRefused(s.status));
  if (refused) {
    // Not "Online": the last answer came under a key the service now refuses.
    return (
      <WidgetFrame label="AI status" testId="ai-status" icon="robot" title="Reading AI">
        <p className="widget-main">
          <span className="dot dot-unknown" aria-hidden="true" />
          <span data-testid="ai-state">Unknown</span>
        </p>
        <p className="widget-line muted">Known again once the service accepts the API key.</p>
      </WidgetFrame>
    );
  }
  if (!ai) {
    return (
      <WidgetFrame label="AI status" testId="ai-status" icon="robot" title="Reading AI">
        <p className="widget-line muted" title={denied ?? undefined}>
          {denied ? 'Not permitted for this API key' : 'Not known yet'}
        </p>
      </WidgetFrame>
    );
  }
  const state = unreachable ? 'unknown' : !ai.isOnline ? 'offline' : ai.busy ? 'busy' : 'online';
  const word = { online: 'Online', busy: 'Busy', offline: 'Offline', unknown: 'Not reachable' }[
    state
  ];
  return (
    <section className="widget" aria-label="AI status" data-testid="ai-status">
      <div className="widget-head">
        <Icon name="robot" />
        <span className="widget-title">Reading AI</span>
        {ai.currentAiVersion && (
          <span className="widget-tag" title="AI version">
            {ai.currentAiVersion}
          </span>
        )}
      </div>
      <p className="widget-main">
        <span className={`dot dot-${state}`} aria-hidden="true" />
        <span data-testid="ai-state">{word}</span>
        {ai.queueCount !== null && (
          <span className="muted small"> · {formatCount(ai.queueCount)} in its queue</span>
        )}
      </p>
      {state === 'offline' ? (
        <p className="widget-line tone-warn">
          Results may be historical; they are flagged for review.
        </p>
      ) : state === 'unknown' ? (
        <p className="widget-line muted">Its state is known again once the service answers.</p>
      ) : (
        <p className="widget-line muted" title={ai.publicStatus}>
          {state === 'busy' ? 'High load: readings take longer.' : 'Ready for new photos.'}
        </p>
      )}
    </section>
  );
}
