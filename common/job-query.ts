/** How the UI, the CLI and exports select jobs. */
export const JOB_FILTERS = [
  'all',
  'in_progress',
  'to_review',
  'failed',
  'done',
  'rejected',
  /** Queued photos the photo checks hold back (blurred, dark...): waiting for a person. */
  'held',
] as const;
export type JobFilter = (typeof JOB_FILTERS)[number];
export const JOB_SORT_KEYS = ['id', 'file', 'state', 'reading', 'updated'] as const;
export type JobSortKey = (typeof JOB_SORT_KEYS)[number];

export interface JobQuery {
  filter?: JobFilter;
  rootId?: number;
  /** Case-insensitive substring of the file's relative path. */
  search?: string;
  /**
   * Rows shown although the filter no longer holds them (a reading just reviewed under "needs
   * review" stays in view until the clerk moves on); the route and the search still apply.
   */
  keepIds?: number[];
  sort?: JobSortKey;
  descending?: boolean;
  offset?: number;
  limit?: number;
}
