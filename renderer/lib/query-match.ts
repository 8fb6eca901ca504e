// Whether a row belongs to the list the clerk asked for, decided in the window the way the queue's
// query decides it (main/store/job-query.ts), so a selection the new query hides can be let go.
import type { JobFilter } from '../../common/job-query';
import type { JobRecord } from '../../common/job-record';

const IN_FILTER: Record<JobFilter, (job: JobRecord) => boolean> = {
  all: () => true,
  in_progress: (j) =>
    j.holdReason === null &&
    (j.state === 'queued' || j.state === 'uploading' || j.state === 'submitted'),
  to_review: (j) => j.toReview,
  failed: (j) => j.state === 'failed',
  done: (j) => j.state === 'done',
  rejected: (j) => j.state === 'rejected',
  held: (j) => j.state === 'queued' && j.holdReason !== null,
};

export interface ListQuery {
  readonly filter: JobFilter;
  readonly rootId: number | null;
  readonly search: string;
}

export function matchesQuery(job: JobRecord, q: ListQuery): boolean {
  const search = q.search.trim().toLowerCase();
  return (
    IN_FILTER[q.filter](job) &&
    (q.rootId === null || job.rootId === q.rootId) &&
    (search === '' || job.relPath.toLowerCase().includes(search))
  );
}
