import type { JobFilter } from '../../common/job-query';

/** Which jobs an export covers: what the table shows, a folder, or everything. */
export interface JobSelection {
  filter?: JobFilter;
  rootId?: number;
  search?: string;
}
