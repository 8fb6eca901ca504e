// What the engine did lately (retries, fallbacks, pauses), for the curious and for support calls.
// Folded away by default: the banners already say what matters now.
import { useApp } from '../store/context';
import { useT } from '../i18n/i18n';
import { intlLocale } from '../lib/format';
import { useLang } from '../i18n/use-lang';
import { EngineText } from './engine-text';

const SHOWN = 30;

export function ActivityLog(): React.JSX.Element {
  const activity = useApp((s) => s.activity);
  const t = useT('app');
  const lang = useLang();
  const recent = activity.slice(-SHOWN).reverse();
  return (
    <details className="activity">
      <summary>{t('activity.title')}</summary>
      {recent.length === 0 ? (
        <p className="muted small">{t('activity.nothing')}</p>
      ) : (
        <ol className="activity-list" tabIndex={0} aria-label={t('activity.title')}>
          {recent.map((line, i) => (
            <li key={`${String(line.at)}-${String(i)}`} data-testid="activity-line">
              <time dateTime={new Date(line.at).toISOString()}>
                {new Date(line.at).toLocaleTimeString(intlLocale(lang))}
              </time>{' '}
              <EngineText entry={line.entry} />
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
