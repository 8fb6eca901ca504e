// The job's history in the detail panel: when, in which state, and what happened, in the
// window's words (or the stored words quoted, when none fit).
import type { JobDetail } from '../../../common/ipc';
import { formatTime } from '../../lib/format';
import { stateLook } from '../../lib/states';
import { jobWords } from '../../lib/job-words';
import { useT } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';

export function DetailHistory({ events }: { events: JobDetail['events'] }): React.JSX.Element {
  const t = useT('desk');
  const tStates = useT('states');
  const tBanners = useT('banners');
  const lang = useLang();
  return (
    <section aria-label={t('detail.history')}>
      <h3 className="section-title">{t('detail.history')}</h3>
      {events.length === 0 ? (
        <p className="muted small">{t('detail.nothingYet')}</p>
      ) : (
        <ol className="history" data-testid="detail-history">
          {events.map((ev, i) => {
            const evLook = stateLook(ev.state, tStates);
            const line = jobWords(ev.message, tStates, tBanners, lang);
            return (
              <li key={`${ev.at}-${String(i)}`}>
                <time dateTime={ev.at}>{formatTime(ev.at, undefined, lang)}</time>
                <span className={`history-state tone-${evLook.tone}`}>{evLook.label}</span>
                {'worded' in line ? (
                  <span className="history-msg">{line.worded}</span>
                ) : (
                  <span className="history-msg" data-i18n-skip>
                    {line.quoted}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
