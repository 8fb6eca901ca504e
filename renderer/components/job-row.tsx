// One table row. Memoised on the record: a push that changes one job re-renders that row only.
// Every cell has a fixed width and one line, so rows never change height while they update.
import { memo } from 'react';
import { billedReading } from '../../common/billing/billed-reading';
import type { JobRecord } from '../../common/job-record';
import { baseName, dirName } from '../lib/format';
import {
  errorQuotes,
  errorText,
  lookOf,
  officeDeskNote,
  serviceWaitReason,
  sourceWords,
} from '../lib/states';
import { useT } from '../i18n/i18n';
import { meterTypeWords } from '../lib/meter-type-words';
import { useLang } from '../i18n/use-lang';
import { formatReading } from '../i18n/format';
import { Icon } from './icon';

export const ROW_HEIGHT = 34;

/** The meter type in the window's language; one only the service knows, as it wrote it. */
function MeterTypeCell({
  type,
  t,
}: {
  type: string | null;
  t: ReturnType<typeof useT<'desk'>>;
}): React.JSX.Element {
  const words = type === null ? '' : meterTypeWords(type, t);
  return words === null ? (
    <div role="gridcell" className="td td-type" data-i18n-skip>
      {type}
    </div>
  ) : (
    <div role="gridcell" className="td td-type">
      {words}
    </div>
  );
}

export function rowDomId(id: number): string {
  return `job-row-${String(id)}`;
}

function ReviewFlag({
  job,
  office,
}: {
  job: JobRecord;
  office: { line: string; help: string } | null;
}): React.JSX.Element | null {
  const t = useT('desk');
  if (job.reviewAction === 'corrected') {
    return (
      <span className="tag tag-ok">
        <Icon name="check" /> {t('table.flag.corrected')}
      </span>
    );
  }
  if (job.reviewAction === 'accepted') {
    return (
      <span className="tag tag-ok">
        <Icon name="check" /> {t('table.flag.confirmed')}
      </span>
    );
  }
  if (job.toReview) {
    return (
      <span className="tag tag-attn">
        <Icon name="flag" /> {t('table.flag.toReview')}
      </span>
    );
  }
  // Office mode: who read it, where a narrow window cuts the line in the last column short.
  if (job.state === 'done' && job.officeDesk !== null && office) {
    return (
      <span className="tag tag-office" title={office.help} data-testid="office-desk-tag">
        <Icon name="database" />
        <span data-i18n-skip="data">{job.officeDesk}</span>
        <span className="sr-only">{office.line}</span>
      </span>
    );
  }
  return null;
}

export interface JobRowProps {
  readonly job: JobRecord;
  readonly index: number;
  readonly rootName: string;
  readonly selected: boolean;
  /** The AI is offline: rows at the service wait rather than being read. */
  readonly aiOffline: boolean;
  /** Reviewed under a filter that no longer holds it: shown as done until the clerk moves on. */
  readonly kept: boolean;
  readonly onPick: (id: number, index: number) => void;
}

export const JobRow = memo(function JobRow({
  job,
  index,
  rootName,
  selected,
  aiOffline,
  kept,
  onPick,
}: JobRowProps): React.JSX.Element {
  const t = useT('desk');
  const tStates = useT('states');
  const tBanners = useT('banners');
  const lang = useLang();
  const look = lookOf(job, aiOffline, tStates);
  const waitReason = serviceWaitReason(job, tStates, tBanners);
  const reading = billedReading(job);
  const folder = [rootName, dirName(job.relPath)].filter((p) => p !== '').join('/');
  const error = errorText(job, tStates, tBanners, lang);
  const office = officeDeskNote(job, tStates);
  return (
    <div
      id={rowDomId(job.id)}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`tr${selected ? ' tr-selected' : ''}${index % 2 ? ' tr-odd' : ''}${kept ? ' tr-kept' : ''}`}
      title={kept ? t('table.keptDone') : undefined}
      style={{ top: index * ROW_HEIGHT }}
      onClick={() => {
        onPick(job.id, index);
      }}
      data-job-id={job.id}
      data-state={job.state}
      data-kept={kept || undefined}
    >
      <div role="gridcell" className="td td-file" title={job.relPath} data-i18n-skip>
        {baseName(job.relPath)}
      </div>
      <div role="gridcell" className="td td-folder muted" title={folder} data-i18n-skip>
        {folder}
      </div>
      <div
        role="gridcell"
        className={`td td-status tone-${look.tone}`}
        title={look.help}
        data-testid="cell-status"
      >
        <Icon name={look.icon} /> {look.label}
      </div>
      <div role="gridcell" className="td td-reading num" data-testid="cell-reading">
        <span data-i18n-skip>{reading === null ? '' : formatReading(reading, lang)}</span>
        {job.reviewAction === 'corrected' && job.aiReading !== null && (
          <span className="sr-only">
            {t('table.aiRead', { reading: formatReading(job.aiReading, lang) })}
          </span>
        )}
      </div>
      <MeterTypeCell type={job.meterType} t={t} />
      <div
        role="gridcell"
        className={`td td-source${job.resultSource === 'cached_stale' ? ' tone-warn' : ''}`}
      >
        {sourceWords(job.resultSource, true, tStates)}
      </div>
      <div role="gridcell" className="td td-review">
        <ReviewFlag job={job} office={office} />
      </div>
      {waitReason ? (
        <div role="gridcell" className="td td-error tone-warn" title={waitReason} data-i18n-skip>
          {waitReason}
        </div>
      ) : office && error === '' ? (
        <div
          role="gridcell"
          className="td td-error muted"
          title={office.help}
          data-testid="cell-office-desk"
        >
          {office.line}
        </div>
      ) : (
        <div
          role="gridcell"
          className="td td-error tone-bad"
          title={error}
          {...(errorQuotes(job) && {
            'data-i18n-skip': 'quoted',
            'data-i18n-title': 'quoted',
          })}
        >
          {error}
        </div>
      )}
    </div>
  );
});

export function PlaceholderRow({ index }: { index: number }): React.JSX.Element {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`tr tr-placeholder${index % 2 ? ' tr-odd' : ''}`}
      style={{ top: index * ROW_HEIGHT }}
    >
      <div role="gridcell" className="td td-file">
        <span className="skeleton" />
      </div>
    </div>
  );
}
