// What the engine did lately (retries, fallbacks, pauses), for the curious and for support calls.
// Folded away by default: the banners already say what matters now.
import { useApp } from '../store/context';

const SHOWN = 30;

export function ActivityLog(): React.JSX.Element {
  const activity = useApp((s) => s.activity);
  const recent = activity.slice(-SHOWN).reverse();
  return (
    <details className="activity">
      <summary>Recent activity</summary>
      {recent.length === 0 ? (
        <p className="muted small">Nothing to report.</p>
      ) : (
        <ol className="activity-list" tabIndex={0} aria-label="Recent activity">
          {recent.map((line, i) => (
            <li key={`${String(line.at)}-${String(i)}`}>
              <time dateTime={new Date(line.at).toISOString()}>
                {new Date(line.at).toLocaleTimeString()}
              </time>{' '}
              {line.text}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
