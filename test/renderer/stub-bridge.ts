// A MeterDeskBridge for component and store tests: an in-memory list of jobs answering the
// contract's calls (paging, filters, search, sort, review) and a way to push events. The real
// engine behind the real bridge is exercised by the end-to-end tests in test/e2e.
import { NO_POLICY_VIEW } from '../../common/policy';
import { noMeters } from '../../common/billing/meter-outcome';
import type {
  AppEvent,
  JobDetail,
  KeyStatus,
  MeterDeskBridge,
  OfficeStatus,
  Result,
  RootSummary,
  ServiceView,
  Snapshot,
  WatchFolderView,
} from '../../common/ipc';
import { idleStatus, type EngineStatus, type QuotaInfo } from '../../common/engine-status';
import type { JobQuery } from '../../common/job-query';
import { emptyCounts, type JobRecord, type StateCounts } from '../../common/job-record';

export function job(id: number, patch: Partial<JobRecord> = {}): JobRecord {
  return {
    id,
    rootId: 1,
    path: `/photos/route/photo-${String(id)}.jpg`,
    relPath: `photo-${String(id).padStart(6, '0')}.jpg`,
    size: 1000,
    mtimeMs: 0,
    sha256: null,
    format: 'jpeg',
    state: 'queued',
    remoteStatus: null,
    taskId: null,
    batchId: null,
    batchIndex: null,
    business: null,
    aiReading: null,
    meterType: null,
    resultSource: null,
    isLatestAiVersion: null,
    aiVersion: null,
    resultSummary: null,
    errorMessage: null,
    failureKind: null,
    serviceFailureKind: null,
    toReview: false,
    reviewAction: null,
    reviewedReading: null,
    reviewedAt: null,
    uploadAttempts: 0,
    resubmits: 0,
    nextAttemptAt: 0,
    solo: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    submittedAt: null,
    remoteCreatedAt: null,
    finishedAt: null,
    pollCount: 0,
    meterId: null,
    matchHow: null,
    readAt: null,
    readAtSource: null,
    readAtNote: null,
    plausibility: null,
    plausibilityDetail: null,
    holdReason: null,
    officeDesk: null,
    ...patch,
  };
}

export function doneJob(id: number, reading: string, patch: Partial<JobRecord> = {}): JobRecord {
  return job(id, {
    state: 'done',
    aiReading: reading,
    resultSource: 'fresh',
    isLatestAiVersion: true,
    aiVersion: 'water_v3:2.0',
    ...patch,
  });
}

export function countsOf(jobs: readonly JobRecord[]): StateCounts {
  const c = emptyCounts();
  for (const j of jobs) {
    // As the queue counts them (job-reads.ts): a held photo is not queued for the run.
    if (j.state === 'queued' && j.holdReason !== null) c.held += 1;
    else c[j.state] += 1;
    if (j.toReview) c.photosToReview += 1;
    c.total += 1;
  }
  return c;
}

/** A quota as the engine reads it, with `patch` over a free account's daily limit of 500. */
export function quotaInfo(patch: Partial<QuotaInfo> = {}): QuotaInfo {
  return {
    remaining: 500,
    dailyLimit: 500,
    used: 0,
    dayTag: '2025-01-01',
    isUnlimited: false,
    checkedAt: new Date().toISOString(),
    accountType: 'free',
    monthlyRemaining: null,
    monthlyBonusRemaining: null,
    fixedRemaining: null,
    nearestExpireAt: null,
    ...patch,
  };
}

export function statusOf(
  jobs: readonly JobRecord[],
  patch: Partial<EngineStatus> = {},
): EngineStatus {
  return { ...idleStatus(countsOf(jobs)), running: true, ...patch };
}

const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });

export interface StubBridge extends MeterDeskBridge {
  jobs: JobRecord[];
  calls: { channel: string; request: unknown }[];
  emit(event: Partial<AppEvent>): void;
}

let seq = 0;

/** Anna's desk connected to its office, nothing waiting to be published. */
export const CONNECTED_OFFICE: OfficeStatus = {
  state: 'connected',
  desk: 'anna@pc-7',
  host: 'db.office.example',
  database: 'meterdesk',
  pending: 0,
  problem: null,
  unclaimed: 0,
};

/** A real service set up (not the sandbox), running. */
export const REMOTE_SERVICE: ServiceView = {
  kind: 'remote',
  baseUrl: 'https://meters.example.com',
  sampleFolder: null,
  problem: null,
};

/** A key kept for this session only: no keychain, no other safe place (the key storage banner). */
export const SESSION_ONLY_KEY: KeyStatus = {
  isSet: true,
  hint: '1234',
  backend: {
    kind: 'session_only',
    place: { code: 'keyPlaceMemory', params: {} },
    warning: {
      code: 'keyForSessionOnly',
      params: {
        keychain: 'service',
        platform: 'linux',
        seconds: 10,
        detail: '',
        why: 'none',
        backend: '',
      },
    },
  },
};

export function stubBridge(
  initial: JobRecord[] = [],
  snapshot: Partial<Snapshot> = {},
): StubBridge {
  const listeners = new Set<(e: AppEvent) => void>();
  const calls: { channel: string; request: unknown }[] = [];
  const root: RootSummary = {
    id: 1,
    path: '/photos/route',
    kind: 'folder',
    addedAt: '',
    counts: countsOf(initial),
  };
  const query = (q: JobQuery): JobRecord[] => {
    let rows = bridge.jobs.filter((j) => {
      switch (q.filter ?? 'all') {
        case 'in_progress':
          return ['queued', 'uploading', 'submitted'].includes(j.state) && j.holdReason === null;
        case 'held':
          return j.state === 'queued' && j.holdReason !== null;
        case 'to_review':
          return j.toReview;
        case 'failed':
        case 'done':
        case 'rejected':
          return j.state === q.filter;
        default:
          return true;
      }
    });
    if (q.search)
      rows = rows.filter((j) => j.relPath.toLowerCase().includes((q.search ?? '').toLowerCase()));
    if (q.sort === 'file') rows = [...rows].sort((a, b) => a.relPath.localeCompare(b.relPath));
    if (q.descending) rows = [...rows].reverse();
    return rows;
  };
  const record = (channel: string, request: unknown): void => {
    calls.push({ channel, request });
  };
  const stub = {
    jobs: initial,
    calls,
    emit(event: Partial<AppEvent>) {
      const full: AppEvent = {
        seq: ++seq + 1000,
        status: null,
        jobs: [],
        removedJobIds: [],
        jobsOverflow: false,
        log: [],
        appChanged: false,
        ...event,
      };
      for (const l of listeners) l(full);
    },
    onEvent(listener: (e: AppEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () =>
      ok<Snapshot>({
        appVersion: '1.0.0',
        service: {
          kind: 'sandbox',
          baseUrl: 'http://127.0.0.1:1',
          sampleFolder: '/data/Sample meter photos',
          problem: null,
        },
        settings: {
          baseUrl: null,
          useSandbox: true,
          business: null,
          batchMode: 'auto',
          maxConcurrency: 32,
          dataDir: null,
          effectiveDataDir: '/data',
          watchFolders: [],
          language: 'en',
          policy: NO_POLICY_VIEW,
          dataDirOnShare: false,
        },
        key: {
          isSet: true,
          hint: '1234',
          backend: {
            kind: 'keychain',
            place: { code: 'keyPlaceKeychain', params: { platform: 'linux' } },
            warning: null,
          },
        },
        status: statusOf(bridge.jobs),
        roots: bridge.jobs.length ? [{ ...root, counts: countsOf(bridge.jobs) }] : [],
        office: null,
        eventSeq: 0,
        ...snapshot,
      }),
    queryJobs: (q: JobQuery = {}) => {
      record('queryJobs', q);
      const rows = query(q);
      const offset = q.offset ?? 0;
      return ok({ rows: rows.slice(offset, offset + (q.limit ?? 200)), total: rows.length });
    },
    jobDetail: ({ id }: { id: number }) => {
      record('jobDetail', { id });
      const found = bridge.jobs.find((j) => j.id === id);
      if (!found)
        return Promise.resolve({
          ok: false,
          error: { code: 'not_found', message: 'gone' },
        } as const);
      return ok<JobDetail>({
        job: found,
        events: [],
        root,
        photoUrl: `meterdesk-photo://job/${String(id)}`,
        copyOf: null,
      });
    },
    review: (
      r: { id: number; action: 'accept' } | { id: number; action: 'correct'; reading: string },
    ) => {
      record('review', r);
      const i = bridge.jobs.findIndex((j) => j.id === r.id);
      const current = bridge.jobs[i];
      if (!current)
        return Promise.resolve({
          ok: false,
          error: { code: 'not_found', message: 'gone' },
        } as const);
      const next: JobRecord = {
        ...current,
        toReview: false,
        reviewAction: r.action === 'accept' ? 'accepted' : 'corrected',
        reviewedReading: r.action === 'correct' ? r.reading : null,
      };
      bridge.jobs[i] = next;
      return ok({ done: true, job: next });
    },
    pause: () => ok(statusOf(bridge.jobs, { paused: true })),
    resume: () => ok(statusOf(bridge.jobs)),
    retryNow: () => {
      record('retryNow', {});
      return ok(statusOf(bridge.jobs));
    },
    listRoots: () => ok(bridge.jobs.length ? [{ ...root, counts: countsOf(bridge.jobs) }] : []),
    // No route sheet loaded (test/renderer/billing-slice.test.ts answers these itself).
    billingOverview: () =>
      ok({
        sheets: [],
        pattern: null,
        routes: [],
        totals: { ...noMeters(), photosToReview: 0 },
        unmatchedPhotos: 0,
        twoPhotos: 0,
        notSent: 0,
        flaggedMeters: [],
        templateJson: null,
      }),
    listMeters: () => ok({ rows: [], total: 0 }),
    getWatchFolders: () => ok<readonly WatchFolderView[]>([]),
  };
  // Every other channel answers a generic success and is recorded.
  const bridge = new Proxy(stub, {
    get(target, prop, receiver) {
      if (prop in target) return Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop !== 'string') return undefined;
      return (request: unknown) => {
        record(prop, request);
        return ok(null);
      };
    },
  }) as unknown as StubBridge;
  return bridge;
}
