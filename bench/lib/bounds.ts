// The fastest any client could finish a workload under a key's limits. Each limit gives its own
// bound; the run cannot beat the largest. Windows are fixed and aligned to the epoch (sandbox
// README), so the first window is partly gone when the run starts: `phaseMs` into it. A budget of L
// units per window W needing U units in all can send its last unit no earlier than the start of
// window ceil(U / L), i.e. (ceil(U / L) - 1) * W - phaseMs after the start (0 if one window is
// enough). Submissions are also held back by the slots: a window can only take as many tasks as
// free slots allow in the time it has left (this matters for a first window that is nearly over).

/** Items GET /api/open/tasks may return at most (the sandbox caps `limit` at 100). */
export const LIST_MAX_ITEMS = 100;
/** Files per batch (spec 8.1). */
export const BATCH_MAX_FILES = 8;

export interface ServiceProfile {
  readonly windowMs: number;
  readonly submissionsPerWindow: number;
  readonly requestsPerWindow: number;
  readonly concurrency: number;
  readonly aiLatencyMs: number;
  readonly aiJitterMs: number;
  /** Added to every answer (round-trip latency beyond localhost). */
  readonly addedLatencyMs: number;
}

export type UploadStyle = 'single' | 'batch';

export interface LowerBound {
  /** Fewest requests: uploads plus one list poll per 100 tasks. */
  readonly minRequests: number;
  readonly submissionsMs: number;
  readonly requestsMs: number;
  readonly concurrencyMs: number;
  readonly boundMs: number;
  readonly binding: 'submissions' | 'requests' | 'concurrency';
  /** The same bounds without window quantisation (units / rate), for reference. */
  readonly fluidMs: { readonly submissions: number; readonly requests: number };
}

/** When the last of `units` may be sent, after a start `phaseMs` into a window. */
export function lastSendAtMs(
  units: number,
  perWindow: number,
  windowMs: number,
  phaseMs: number,
): number {
  const windows = Math.ceil(units / perWindow);
  return windows <= 1 ? 0 : (windows - 1) * windowMs - phaseMs;
}

/**
 * When the last of `photos` submissions may be made when each window takes at most `perWindow`
 * and the key's `slots` free up no faster than one AI run (`runMs`) after they were taken: from a
 * window's start at most `slots` tasks go at once, `slots` more every `runMs`. (Assumes the slots
 * are free at each window's start, which only makes the bound lower.)
 */
export function lastSubmissionAtMs(
  photos: number,
  perWindow: number,
  windowMs: number,
  phaseMs: number,
  slots: number,
  runMs: number,
): number {
  let left = photos;
  for (let k = 0; ; k++) {
    const from = Math.max(0, k * windowMs - phaseMs);
    const to = (k + 1) * windowMs - phaseMs;
    const waves = runMs > 0 ? Math.ceil((to - from) / runMs) : Infinity;
    const fits = Math.min(perWindow, slots * waves);
    if (left <= fits) return from + (Math.ceil(left / slots) - 1) * runMs;
    left -= fits;
  }
}

/**
 * The minimum requests: every upload (one per photo, or one per batch of 8), and polls. Polls
 * cannot be avoided, but one GET /api/open/tasks?limit=100 can show up to 100 final tasks, so the
 * least a client can do is one poll per 100 photos.
 */
export function minimumRequests(photos: number, style: UploadStyle): number {
  const uploads = style === 'single' ? photos : Math.ceil(photos / BATCH_MAX_FILES);
  return uploads + Math.ceil(photos / LIST_MAX_ITEMS);
}

export function lowerBound(
  profile: ServiceProfile,
  photos: number,
  style: UploadStyle,
  phaseMs: number,
): LowerBound {
  const p = profile;
  const minRequests = minimumRequests(photos, style);
  // After the last submission the task still needs the AI (at least latency - jitter) and an
  // answer to the poll that sees it final (the upload's own answer overlaps the AI run).
  const shortestRun = Math.max(0, p.aiLatencyMs - p.aiJitterMs);
  const tail = shortestRun + p.addedLatencyMs;
  const submissionsMs =
    lastSubmissionAtMs(
      photos,
      p.submissionsPerWindow,
      p.windowMs,
      phaseMs,
      p.concurrency,
      shortestRun,
    ) + tail;
  const requestsMs =
    lastSendAtMs(minRequests, p.requestsPerWindow, p.windowMs, phaseMs) + p.addedLatencyMs;
  // Every task holds a slot for its AI run (mean aiLatencyMs); `concurrency` slots at once.
  const concurrencyMs = (photos * p.aiLatencyMs) / p.concurrency + p.addedLatencyMs;
  const bounds = [
    ['submissions', submissionsMs],
    ['requests', requestsMs],
    ['concurrency', concurrencyMs],
  ] as const;
  let best: (typeof bounds)[number] = bounds[0];
  for (const b of bounds) if (b[1] > best[1]) best = b;
  return {
    minRequests,
    submissionsMs,
    requestsMs,
    concurrencyMs,
    boundMs: best[1],
    binding: best[0],
    fluidMs: {
      submissions: (photos / p.submissionsPerWindow) * p.windowMs,
      requests: (minRequests / p.requestsPerWindow) * p.windowMs,
    },
  };
}
