// The meter in the office, in its detail (issue 23, review between clerks): who is reviewing it
// ("Being reviewed by anna@pc-7, 12 min left", counting down) or that this clerk holds it, the
// decision another desk made, and the meter's history of decisions in the office, undo included.
// Showing it takes this desk's review lease when free (the backend keeps it renewed while shown)
// and gives it up when the clerk moves on. Without an office it shows nothing and asks nothing.
import { useEffect, useState } from 'react';
import type { OfficeHistoryEntry } from '../../common/ipc';
import { Icon } from '../components/icon';
import { useNow } from '../hooks/use-now';
import { formatDateTime, formatDay, formatReading, formatTime } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { useApp, useAppApi } from '../store/context';
import { officeWhat } from './office-review-words';

const MINUTE = 60_000;

/** Whole minutes left, to the nearest: "1 min left" until the lease has run out. */
const minutesLeft = (until: number, now: number): number =>
  Math.max(1, Math.round((until - now) / MINUTE));

export function OfficeReviewPanel({ meterId }: { meterId: string }): React.JSX.Element | null {
  const api = useAppApi();
  const t = useT('officeReview');
  const tBilling = useT('billing');
  const lang = useLang();
  const inOffice = useApp((s) => s.officeStatus !== null);
  const view = useApp((s) => (s.officeMeterId === meterId ? s.officeMeter : null));
  const now = useNow(15_000);
  const ask = useApp((s) => s.officeHandoverAsks[meterId]);
  const [askedHolder, setAskedHolder] = useState(false);
  useEffect(() => {
    if (!inOffice) return;
    void api.getState().showOfficeMeter(meterId);
    return () => {
      void api.getState().showOfficeMeter(null);
    };
  }, [api, meterId, inOffice]);
  // Another clerk's lease ran out with no word from the office (their desk crashed or closed
  // without giving it back): asked again, the meter on screen becomes this clerk's.
  const lease = view?.state === 'shown' ? view.reviewer : null;
  const ranOut = lease !== null && !lease.mine && lease.leaseUntil <= now;
  useEffect(() => {
    if (ranOut) void api.getState().refreshOfficeMeter();
  }, [api, ranOut]);
  if (!inOffice || view === null || view.state === 'none') return null;
  if (view.state !== 'shown') {
    return (
      <p className="office-review-note muted small" role="note" data-testid="office-review">
        {t(view.state === 'away' ? 'away' : 'unknown')}
      </p>
    );
  }
  const { reviewer, decidedElsewhere, history, readElsewhere } = view;
  const what = (e: OfficeHistoryEntry): string => officeWhat(e, t, tBilling, lang);
  const expired = reviewer !== null && reviewer.leaseUntil <= now;
  return (
    <section className="office-review" aria-label={t('title')} data-testid="office-review">
      {reviewer && !expired && (
        <p
          className={reviewer.mine ? 'office-review-lease mine' : 'office-review-lease other'}
          role="status"
          title={reviewer.mine ? undefined : t('otherHelp')}
          data-testid="office-reviewer"
        >
          <Icon name={reviewer.mine ? 'check' : 'lock'} />{' '}
          {reviewer.mine
            ? t('mine', { minutes: minutesLeft(reviewer.leaseUntil, now) })
            : t('other', { desk: reviewer.desk, minutes: minutesLeft(reviewer.leaseUntil, now) })}
        </p>
      )}
      {reviewer && !expired && !reviewer.mine && (
        <p className="office-review-handover">
          {askedHolder ? (
            <span role="status">{t('asked', { desk: reviewer.desk })}</span>
          ) : (
            <button
              type="button"
              className="btn small"
              onClick={() =>
                void api
                  .getState()
                  .askOfficeHandover()
                  .then((told) => {
                    setAskedHolder(told);
                  })
              }
            >
              {t('askHandover')}
            </button>
          )}
        </p>
      )}
      {reviewer?.mine && ask && (
        <p className="office-review-handover" role="alert" data-testid="office-handover-ask">
          {t('handoverAsked', { clerk: ask.clerk, desk: ask.desk })}{' '}
          <button
            type="button"
            className="btn small"
            onClick={() => void api.getState().handOfficeMeterOver()}
          >
            {t('handOver')}
          </button>
        </p>
      )}
      {decidedElsewhere && (
        <p className="office-review-decided" data-testid="office-decided-elsewhere">
          {t('decidedElsewhere', {
            desk: decidedElsewhere.desk,
            what: what(decidedElsewhere),
            time: formatTime(decidedElsewhere.decidedAt, lang),
          })}
        </p>
      )}
      {readElsewhere.length > 0 && (
        <ul className="office-read-elsewhere" data-testid="office-read-elsewhere">
          {readElsewhere.map((r) => (
            <li key={`${r.desk}-${r.fileName}`}>
              {r.readAt === null
                ? t('readElsewhereUndated', {
                    desk: r.desk,
                    reading: formatReading(r.reading, lang),
                  })
                : t('readElsewhere', {
                    desk: r.desk,
                    reading: formatReading(r.reading, lang),
                    date: formatDay(r.readAt.slice(0, 10), lang),
                  })}
            </li>
          ))}
        </ul>
      )}
      <h4 className="label">{t('historyTitle')}</h4>
      {history.length === 0 ? (
        <p className="muted small">{t('historyEmpty')}</p>
      ) : (
        <ol className="office-history" data-testid="office-history">
          {[...history].reverse().map((e, i) => (
            <li
              key={`${String(e.decidedAt)}-${String(i)}`}
              className={e.kind === 'undo' ? 'undo' : ''}
            >
              <time className="muted num">{formatDateTime(e.decidedAt, lang)}</time>
              <span className="office-history-what">{what(e)}</span>
              <span className="muted small" data-i18n-skip>
                {e.desk}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
