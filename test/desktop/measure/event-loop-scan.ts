// Measures how long the event loop is blocked while a 20,000-file folder (~150 KB per photo) is
// scanned and enqueued, and while the UI's queries run on the result. The figures decide where the
// engine runs (docs/architecture.md, "Engine placement"). Not a test: it prints numbers.
//   --mode inproc  the engine in the measured process (what the main process would suffer)
//   --mode split   the backend in a child process as the app runs it; the measured process is
//                  the main process, forwarding calls and pushes
// Run: npx tsx test/desktop/measure/event-loop-scan.ts [--mode inproc|split] [--files 20000] [--kb 150]
//   [--dir /tmp/meterdesk-elscan] [--keep]
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createMeterApi } from '../../../main/api/client';
import { BackendSupervisor, BACKEND_NICENESS } from '../../../main/desktop/backend-supervisor';
import { TRUSTED, windowDispatcher } from '../../ipc/helpers/desktop';
import { forkBackend } from '../helpers/fork-backend';
import { TestOs } from '../../helpers/test-os';
import { QueueActions } from '../../../main/actions/queue-actions';
import { Engine } from '../../../main/engine/engine';
import { systemClock } from '../../../main/time/clock';
import { openStore } from '../../../main/store/store';
import { embedReadingMarker, renderMeterPhoto } from '../../../sandbox/samples';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '20000' },
    kb: { type: 'string', default: '150' },
    dir: { type: 'string', default: join(tmpdir(), 'meterdesk-elscan') },
    keep: { type: 'boolean', default: false },
    mode: { type: 'string', default: 'inproc' },
    nice: { type: 'boolean', default: false },
  },
});
const FILES = Number(values.files);
const BYTES = Number(values.kb) * 1024;
const root = values.dir;
const photos = join(root, `photos-${String(FILES)}-${String(BYTES)}`);

/** JPEG COM segments of filler bring each photo to the target size with distinct bytes. */
function padded(base: Buffer, target: number, i: number): Buffer {
  const reading = `${String(10_000 + (i % 90_000)).padStart(5, '0')}.${String(i % 1000).padStart(3, '0')}`;
  const marked = embedReadingMarker(base, 'jpeg', reading, 'pointer');
  const segments: Buffer[] = [];
  let missing = target - marked.length;
  while (missing > 4) {
    const len = Math.min(65_533, missing - 4);
    const seg = Buffer.alloc(4 + len);
    seg[0] = 0xff;
    seg[1] = 0xfe;
    seg.writeUInt16BE(2 + len, 2);
    randomBytes(len).copy(seg, 4);
    segments.push(seg);
    missing -= 4 + len;
  }
  return Buffer.concat([marked.subarray(0, 2), ...segments, marked.subarray(2)]);
}

async function generate(): Promise<void> {
  if (existsSync(join(photos, '.complete'))) return;
  rmSync(photos, { recursive: true, force: true });
  const base = await renderMeterPhoto({
    reading: '00001.000',
    meterType: 'pointer',
    format: 'jpeg',
    seed: 1,
    width: 480,
  });
  for (let i = 0; i < FILES; i++) {
    const folder = join(photos, `route-${String(Math.floor(i / 500)).padStart(3, '0')}`);
    if (i % 500 === 0) mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `IMG_${String(i).padStart(5, '0')}.jpg`), padded(base, BYTES, i));
  }
  writeFileSync(join(photos, '.complete'), '');
}

/** Longest single stall seen by a 1 ms timer, beside the histogram (which smooths nothing). */
function stallWatch(): { stop(): number } {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 1);
    last = now;
  }, 1);
  return {
    stop: () => {
      clearInterval(timer);
      return worst;
    },
  };
}

interface Figures {
  what: string;
  seconds: number;
  /** Share of the time the measured thread was busy running JavaScript (0..1). */
  elu: number;
  p50: number;
  p99: number;
  max: number;
  stall: number;
}

async function measure(what: string, work: () => Promise<unknown>): Promise<Figures> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  const watch = stallWatch();
  h.enable();
  const elu0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  await work();
  const seconds = (performance.now() - t0) / 1000;
  const elu = performance.eventLoopUtilization(elu0).utilization;
  h.disable();
  const ms = (ns: number): number => Math.round(ns / 1e5) / 10;
  return {
    what,
    seconds: Math.round(seconds * 10) / 10,
    elu: Math.round(elu * 100) / 100,
    p50: ms(h.percentile(50)),
    p99: ms(h.percentile(99)),
    max: ms(h.max),
    stall: Math.round(watch.stop() * 10) / 10,
  };
}

function syncTimed(what: string, work: () => unknown): Figures {
  const t0 = performance.now();
  work();
  const ms = Math.round((performance.now() - t0) * 10) / 10;
  return { what, seconds: ms / 1000, elu: 1, p50: ms, p99: ms, max: ms, stall: ms };
}

function print(rows: Figures[]): void {
  console.log(
    `\nNode ${process.version}, ${String(FILES)} files x ${String(BYTES / 1024)} KB, mode ${values.mode}\n` +
      'what | seconds | busy (ELU) | loop delay p50 ms | p99 ms | max ms | longest stall ms',
  );
  for (const r of rows) {
    console.log(
      `${r.what} | ${String(r.seconds)} | ${String(r.elu)} | ${String(r.p50)} | ${String(r.p99)} | ${String(r.max)} | ${String(r.stall)}`,
    );
  }
}

/** The main process's view: the backend in a child, calls through the dispatcher. */
async function split(): Promise<Figures[]> {
  let pushes = 0;
  const supervisor = new BackendSupervisor({
    spawn: () => {
      const child = forkBackend({ userDataDir: join(root, 'split-user'), appVersion: 'measure' });
      // As backend-launcher.ts does in the app: background work yields the CPU to the window.
      if (values.nice) setPriority(child.pid() ?? 0, BACKEND_NICENESS);
      return child;
    },
    services: new TestOs(),
    onEvent: () => {
      pushes++;
    },
    log: () => undefined,
  });
  await supervisor.ready();
  const d = windowDispatcher(supervisor.calls, new TestOs());
  const rows: Figures[] = [];
  let worstQueryMs = 0;
  rows.push(
    await measure('main process: scan + enqueue in the backend process', async () => {
      const scan = { running: true };
      // The window keeps asking for its page of rows while the scan runs.
      const poller = (async () => {
        while (scan.running) {
          const t0 = performance.now();
          await d.dispatch('queryJobs', TRUSTED, { sort: 'file', limit: 200 });
          worstQueryMs = Math.max(worstQueryMs, performance.now() - t0);
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const result = await d.dispatch('addPaths', TRUSTED, { paths: [photos] });
      scan.running = false;
      await poller;
      console.log(`addPaths: ${JSON.stringify(result).slice(0, 120)}; pushes ${String(pushes)}`);
    }),
  );
  rows.push(
    await measure('main process: 50 queryJobs round trips (sort by file)', async () => {
      for (let i = 0; i < 50; i++)
        await d.dispatch('queryJobs', TRUSTED, { sort: 'file', limit: 200 });
    }),
  );
  console.log(`slowest queryJobs round trip during the scan: ${worstQueryMs.toFixed(1)} ms`);
  await supervisor.close();
  return rows;
}

async function main(): Promise<void> {
  console.log(`Generating ${String(FILES)} photos of ${String(BYTES / 1024)} KB in ${photos} ...`);
  await generate();
  if (values.mode === 'split') {
    rmSync(join(root, 'split-user'), { recursive: true, force: true });
    print(await split());
    if (!values.keep) rmSync(root, { recursive: true, force: true });
    return;
  }
  const dbFile = join(root, 'queue.sqlite');
  rmSync(dbFile, { force: true });
  rmSync(`${dbFile}-wal`, { force: true });
  rmSync(`${dbFile}-shm`, { force: true });
  const store = openStore(dbFile);
  const api = createMeterApi({ baseUrl: 'http://127.0.0.1:9', apiKey: 'measure-only-key' });
  const engine = new Engine({ store, api, serviceId: 'http://127.0.0.1:9' });
  const actions = new QueueActions({
    store: () => store,
    engine: () => engine,
    clock: systemClock,
  });
  const rows: Figures[] = [];
  rows.push(
    await measure('scan + enqueue (QueueActions.addPhotos)', async () => {
      const summary = await actions.addPhotos([photos]);
      console.log(`queued ${String(summary.queued)}, rejected ${String(summary.rejected)}`);
    }),
  );
  rows.push(
    await measure('rescan (all known)', async () => {
      await actions.addPhotos([photos]);
    }),
  );
  rows.push(syncTimed('status() (counts)', () => engine.status()));
  rows.push(syncTimed('jobs.counts() per route', () => store.jobs.counts(1)));
  rows.push(syncTimed('page: id order, 200 rows', () => store.queries.page({ limit: 200 })));
  rows.push(
    syncTimed('page: sort by file, desc, 200 rows', () =>
      store.queries.page({ sort: 'file', descending: true, limit: 200 }),
    ),
  );
  rows.push(
    syncTimed('page: search "IMG_1", 200 rows', () =>
      store.queries.page({ search: 'IMG_1', limit: 200 }),
    ),
  );
  rows.push(
    syncTimed('page: offset 19,000, sort by reading', () =>
      store.queries.page({ sort: 'reading', offset: 19_000, limit: 200 }),
    ),
  );
  // An engine that never started still has a status flush armed (see the report to the lead).
  await new Promise((r) => setTimeout(r, 250));
  await api.close();
  store.close();
  print(rows);
  if (!values.keep) rmSync(root, { recursive: true, force: true });
}

await main();
