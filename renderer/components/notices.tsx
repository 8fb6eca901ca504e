import { useAppApi, useApp } from '../store/context';
import { Icon } from './icon';

/** Short outcomes of actions, at the bottom; an export's notice can show the file. */
export function Notices(): React.JSX.Element {
  const api = useAppApi();
  const notices = useApp((s) => s.notices);
  return (
    <div className="notices" role="log" aria-live="polite" aria-label="Notices">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.tone}`} data-testid="notice">
          <span className="notice-text">{n.text}</span>
          {n.revealPath && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                if (n.revealPath) void api.getState().openLocation({ path: n.revealPath });
              }}
            >
              <Icon name="external" /> Show file
            </button>
          )}
          <button
            type="button"
            className="btn btn-icon btn-quiet btn-small"
            aria-label="Dismiss notice"
            onClick={() => {
              api.getState().dismissNotice(n.id);
            }}
          >
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
}
