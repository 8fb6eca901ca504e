// Upper bounds on what one call may carry. They are far above what a person produces and far below
// what would let a compromised page make the main process allocate or loop without end.

/** Longest path accepted (Windows long paths reach 32,767 UTF-16 units; no real folder needs it). */
export const MAX_PATH_CHARS = 4096;
/** Items one drop or one "Add" may carry. */
export const MAX_PATHS_PER_ADD = 1000;
/** Job ids one selection may carry (remove, retry). */
export const MAX_IDS_PER_CALL = 100_000;
/** Rows one page may ask for; the store caps at this too. */
export const MAX_PAGE_ROWS = 5000;
export const MAX_OFFSET = 10_000_000;
export const MAX_SEARCH_CHARS = 200;
export const MAX_URL_CHARS = 2048;
/** API keys are a few dozen characters; a kilobyte is a paste accident. */
export const MAX_KEY_CHARS = 1024;
export const MAX_BUSINESS_CHARS = 64;
export const MAX_CONCURRENCY = 256;
export const MAX_SAMPLE_PHOTOS = 500;
/** Job ids are SQLite rowids. */
export const MAX_JOB_ID = Number.MAX_SAFE_INTEGER;
/** Changed rows one event carries; beyond it the event says "reload" instead. */
export const MAX_ROWS_PER_EVENT = 1000;
/** Watched folders: an office has a share or two and a card reader, not dozens. */
export const MAX_WATCH_FOLDERS = 32;
/** Reviewed rows kept in view under a filter that no longer holds them (a review session's worth). */
export const MAX_KEPT_ROWS = 500;
