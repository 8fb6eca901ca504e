// What adding did, shown at once: new photos found, photos not sent and why, photos already in the
// list, and a warning when the new run is larger than the quota left today.
import { liveQuotaWarning, quotaWarning } from '../../common/quota-warning';
import { useShallow } from 'zustand/react/shallow';
import type { AddSummary } from '../../common/engine-status';
import type { FailureKind } from '../../common/job';
import type { TFunction } from 'i18next';
import { Trans } from 'react-i18next';
import { formatCount } from '../lib/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { jobWords } from '../lib/job-words';
import { failureWords } from '../lib/states';
import { useApp, useAppApi } from '../store/context';
import { Icon } from './icon';
import { waitingPhotos } from './quota-widget';
import { quotaLeft } from '../lib/banners';
import { selectQuota } from '../store/status-slice';

/**
 * Why files were not sent, precisely: the scanner's reasons ("a truncated JPEG"), then, for files
 * whose reason the report did not carry, their kind in words ("Larger than 20 MB").
 */
function rejectedReasons(
  summary: AddSummary,
  t: TFunction<'states'>,
  bannersT: TFunction<'banners'>,
  lang: string,
): { reason: string; n: number; words: boolean }[] {
  // The scanner's reasons in the window's words when they are its fixed sentences
  // (common/job-messages.ts); any other as written, in English. The kinds are the window's.
  const out = summary.rejectedReasons.map(({ reason, n }) => {
    const line = jobWords(reason, t, bannersT, lang);
    return 'worded' in line
      ? { reason: line.worded, n, words: true }
      : { reason: line.quoted, n, words: false };
  });
  for (const [kind, total] of Object.entries(summary.rejectedByKind) as [FailureKind, number][]) {
    const named = summary.rejectedReasons
      .filter((r) => r.kind === kind)
      .reduce((sum, r) => sum + r.n, 0);
    if (total > named) out.push({ reason: failureWords(kind, t), n: total - named, words: true });
  }
  return out;
}

export function AddReport(): React.JSX.Element | null {
  const api = useAppApi();
  const report = useApp((s) => s.lastAdd);
  // The quota as it is now: a warning made when the photos were added goes once the quota is
  // reset or the photos are read, as the quota widget's does.
  const live = useApp(
    useShallow((s) => {
      const quota = selectQuota(s);
      return {
        known: quota !== null,
        remaining: quota?.isUnlimited ? null : quotaLeft(quota, s.status.holds.quota).remaining,
        waiting: waitingPhotos(s.status.counts),
      };
    }),
  );
  const t = useT('app');
  const statesT = useT('states');
  const bannersT = useT('banners');
  const lang = useLang();
  if (!report) return null;
  const { summary, quotaRemaining } = report;
  const reasons = rejectedReasons(summary, statesT, bannersT, lang);
  const found = summary.queued + summary.reused;
  const atAdd = quotaWarning(quotaRemaining, summary.queued);
  const overQuota = live.known ? liveQuotaWarning(atAdd, live.remaining, live.waiting) : atAdd;
  return (
    <section
      className="add-report"
      role="status"
      aria-label={t('addReport.label')}
      data-testid="add-report"
    >
      <div className="add-report-main">
        <Icon name="check" className="tone-ok" />
        <div>
          <p className="add-report-title">
            <Trans
              t={t}
              i18nKey="addReport.found"
              count={found}
              components={{ found: <strong data-testid="add-found" /> }}
            />
            {summary.reused > 0 && (
              <span className="muted"> {t('addReport.reused', { count: summary.reused })}</span>
            )}
          </p>
          <ul className="add-report-facts">
            <li data-testid="add-rejected">
              {summary.rejected === 0
                ? t('addReport.noneLeftOut')
                : t('addReport.notSent', { count: summary.rejected })}
              {reasons.length > 0 && (
                <ul className="add-report-reasons">
                  {reasons.map(({ reason, n, words }) => (
                    <li key={reason}>
                      <span {...(!words && { 'data-i18n-skip': 'quoted', lang: 'en' })}>
                        {reason}
                      </span>{' '}
                      ({formatCount(n, lang)})
                    </li>
                  ))}
                </ul>
              )}
            </li>
            {summary.known > 0 && (
              <li data-testid="add-known">{t('addReport.known', { count: summary.known })}</li>
            )}
            {summary.missing.map((m) => {
              const line = jobWords(m.reason, statesT, bannersT, lang);
              return (
                <li key={m.path} className="tone-bad">
                  <span data-i18n-skip="data">{m.path}</span>:{' '}
                  {'worded' in line ? (
                    line.worded
                  ) : (
                    <span data-i18n-skip="quoted" lang="en">
                      {line.quoted}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          {overQuota && (
            <p className="tone-warn" role="note" data-testid="add-quota-warning">
              <Icon name="warning" />{' '}
              {t('addReport.overQuota', {
                left: t('addReport.left', { count: overQuota.remaining }),
                waiting: t('addReport.waiting', { count: overQuota.waiting - overQuota.remaining }),
              })}
            </p>
          )}
        </div>
      </div>
      <button
        type="button"
        className="btn btn-icon btn-quiet"
        aria-label={t('addReport.dismiss')}
        onClick={() => {
          api.getState().dismissAddReport();
        }}
      >
        <Icon name="close" />
      </button>
    </section>
  );
}
