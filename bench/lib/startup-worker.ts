// Child-process entry for one start-up measurement (lib/first-upload.ts). Loads its modules, says
// it is ready, and on "go" opens the queue and starts the engine as the product does; once the
// parent has seen the first upload arrive, times engine.status() on the running engine and reports.
import { openSession } from '../../main/actions/session';
import type { FromWorker, StartupReport, StartupRequest, ToWorker } from './first-upload';
import { nowAbs } from './first-upload';
import { timeMethods, type Spent } from './method-timer';
import { BENCH_API_KEY } from './service';

const STORE_CALLS = [
  'recoverAfterRestart',
  'pendingDistinctPhotos',
  'counts',
  'inFlightTasks',
  'dueUploads',
  'duePolls',
  'markUploading',
  'get',
  'nextPollAt',
  'nextQueuedAt',
] as const;

const API_CALLS = ['getAiStatus', 'getQuota', 'createTask', 'createBatch'] as const;

if (!process.send) {
  process.stderr.write('startup-worker: run me through first-upload.ts (fork)\n');
  process.exit(2);
}
const send = (m: FromWorker, done: () => void = () => undefined): void => {
  process.send?.(m, done);
};

let uploadArrived: () => void = () => undefined;
const arrived = new Promise<void>((resolve) => {
  uploadArrived = resolve;
});
const request = new Promise<StartupRequest>((resolve) => {
  process.on('message', (m: ToWorker) => {
    if (m.kind === 'go') resolve(m.request);
    else uploadArrived();
  });
});

async function run(spec: StartupRequest): Promise<StartupReport> {
  const t0 = nowAbs();
  const session = openSession({
    dbFile: spec.dbFile,
    baseUrl: spec.baseUrl,
    apiKey: BENCH_API_KEY,
  });
  const opened = nowAbs();
  let firstMarked: number | null = null;
  const jobs = session.store.jobs;
  const markUploading = jobs.markUploading.bind(jobs);
  jobs.markUploading = (ids) => {
    firstMarked ??= nowAbs();
    return markUploading(ids);
  };
  // Where the start-up went: the queue's reads and writes on the way, and the pre-flight calls.
  const spent: Record<string, Spent> = {};
  const untime = [
    timeMethods(jobs, STORE_CALLS, 'jobs', spent),
    timeMethods(session.api, API_CALLS, 'api', spent),
  ];
  await session.engine.start();
  const startResolved = nowAbs();
  await arrived;
  for (const undo of untime) undo();
  const beforeUpload = structuredClone(spent);
  const statusMs: number[] = [];
  let status = session.engine.status();
  for (let i = 0; i < spec.statusCalls; i++) {
    const t = performance.now();
    status = session.engine.status();
    statusMs.push(performance.now() - t);
  }
  await session.close();
  return {
    t0,
    opened,
    startResolved,
    firstMarked,
    statusMs,
    counts: status.counts,
    spent: beforeUpload,
  };
}

send({ kind: 'ready' });
const report = await run(await request);
send({ kind: 'report', report }, () => {
  process.exit(0);
});
