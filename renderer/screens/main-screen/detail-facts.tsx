// What the detail panel knows of a photo: the service's summary, where the reading came from,
// which AI read it, the meter type, the file and the service's task.
import type { JobDetail } from '../../../common/ipc';
import { meterTypeWords } from '../../lib/meter-type-words';
import type { JobRecord } from '../../../common/job-record';
import { formatBytes } from '../../lib/format';
import { officeDeskNote, sourceWords } from '../../lib/states';
import { useT } from '../../i18n/i18n';
import { useLang, type Spoken } from '../../i18n/use-lang';
import { formatReading } from '../../i18n/format';
import { useApp } from '../../store/context';
import { selectAi } from '../../store/status-slice';

type DeskT = ReturnType<typeof useT<'desk'>>;

/**
 * The service's summary of a reading, worded by the window from the reading and the meter type
 * when it has both; else the service's own sentence, quoted.
 */
function summaryWords(
  job: JobRecord,
  t: DeskT,
  lang: Spoken,
): { text: string; quoted: boolean } | null {
  const text = job.resultSummary?.summaryText;
  if (!text) return null;
  if (job.resultSource === 'fresh' && job.aiReading && job.meterType) {
    return {
      text: t('detail.summary', {
        reading: formatReading(job.aiReading, lang),
        type: meterTypeWords(job.meterType, t) ?? job.meterType,
      }),
      quoted: false,
    };
  }
  return { text, quoted: true };
}

/** Which AI read the photo: the version recorded then, not the one the service runs today. */
export function aiVersionText(
  job: Pick<JobRecord, 'isLatestAiVersion' | 'aiVersion'>,
  current: string | null,
  t: DeskT,
): string {
  if (job.isLatestAiVersion === false) return t('detail.ai.older');
  if (job.isLatestAiVersion !== true) return '–';
  if (!job.aiVersion) return t('detail.ai.latestWhenRead');
  if (current && current !== job.aiVersion)
    return t('detail.ai.latestThen', { version: job.aiVersion, current });
  return t('detail.ai.latest', { version: job.aiVersion });
}

export function DetailFacts({ detail }: { detail: JobDetail }): React.JSX.Element {
  const t = useT('desk');
  const tStates = useT('states');
  const lang = useLang();
  const currentAi = useApp((s) => selectAi(s)?.currentAiVersion ?? null);
  const { job } = detail;
  const summary = summaryWords(job, t, lang);
  const office = officeDeskNote(job, tStates);
  return (
    <dl className="facts">
      {summary && (
        <>
          <dt>{t('detail.result')}</dt>
          <dd data-testid="detail-summary" data-i18n-skip={summary.quoted || undefined}>
            {summary.text}
          </dd>
        </>
      )}
      <dt>{t('detail.source')}</dt>
      <dd>{sourceWords(job.resultSource, false, tStates) || '–'}</dd>
      {office && (
        <>
          <dt>{t('detail.officeDesk')}</dt>
          <dd data-testid="detail-office-desk" title={office.help}>
            {office.line}
          </dd>
        </>
      )}
      {detail.copyOf && (
        <>
          <dt>{t('detail.copyOf')}</dt>
          <dd className="mono small" data-testid="detail-copy-of" data-i18n-skip>
            {detail.copyOf}
          </dd>
        </>
      )}
      {job.serviceFailureKind && (
        <>
          <dt>{t('detail.failureKind')}</dt>
          <dd className="mono small" data-testid="detail-failure-kind" data-i18n-skip>
            {job.serviceFailureKind}
          </dd>
        </>
      )}
      <dt>{t('detail.aiVersion')}</dt>
      <dd>{aiVersionText(detail.job, currentAi, t)}</dd>
      <dt>{t('detail.meterType')}</dt>
      {job.meterType !== null && meterTypeWords(job.meterType, t) !== null ? (
        <dd>{meterTypeWords(job.meterType, t)}</dd>
      ) : (
        <dd data-i18n-skip>{job.meterType ?? '–'}</dd>
      )}
      <dt>{t('detail.file')}</dt>
      <dd>
        {job.format ? <span data-i18n-skip>{job.format}</span> : t('detail.unknownType')} ·{' '}
        <span data-i18n-skip>{formatBytes(job.size, lang)}</span>
      </dd>
      {job.taskId && (
        <>
          <dt>{t('detail.task')}</dt>
          <dd className="mono small" data-i18n-skip>
            {job.taskId}
          </dd>
        </>
      )}
    </dl>
  );
}
