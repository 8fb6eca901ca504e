// The filter counts of a search: with a search the toolbar counts what the search finds, not the
// whole queue ("Failed 12" beside a list of 2 failed photos was a count the clerk could not see).
import { JOB_FILTERS, type JobFilter, type JobQuery } from '../../common/job-query';
import type { MeterDeskBridge } from '../../common/ipc';

export type FilterCounts = Readonly<Record<JobFilter, number>>;

/** One count per filter for the query's route and search, or null when one could not be read. */
export async function countByFilter(
  bridge: MeterDeskBridge,
  query: JobQuery,
): Promise<FilterCounts | null> {
  const replies = await Promise.all(
    JOB_FILTERS.map((filter) => bridge.queryJobs({ ...query, filter, limit: 1 })),
  );
  const out: Partial<Record<JobFilter, number>> = {};
  for (const [i, reply] of replies.entries()) {
    const filter = JOB_FILTERS[i];
    if (!reply.ok || filter === undefined) return null;
    out[filter] = reply.value.total;
  }
  return out as FilterCounts;
}
