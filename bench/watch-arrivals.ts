// Watch folders: how long 5,000 photos arriving at once in a watched folder take to be queued.
// `npx tsx bench/watch-arrivals.ts [--files N] [--stable SECONDS] [--rounds N]`
//
// Each round copies the photos into a fresh watched folder as fast as the disk takes them (a
// phone's week synced in one go), with the product's watcher (main/watch, chokidar) feeding the
// queue through addPaths into a real SQLite file. Printed per round: how long the copy took, how
// long after the last file was written the last one was queued, how much of that is the quiet
// period every file must wait out (--stable) and what is left (the watcher's and the scan's own
// work), and how many adds the arrivals were gathered into.
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { addPaths } from '../main/engine/add-paths';
import { openStore } from '../main/store/store';
import { systemClock } from '../main/time/clock';
import { FolderWatcher, intakeOf } from '../main/watch';
import { loadNow, machineInfo } from './lib/machine';
import { preparePhotos } from './lib/photos';
import { median } from './lib/stats';

interface Round {
  readonly copyMs: number;
  readonly queuedAfterLastWriteMs: number;
  readonly beyondQuietMs: number;
  readonly adds: number;
  readonly addMs: number;
  readonly queued: number;
}

async function round(source: string, names: readonly string[], stableMs: number): Promise<Round> {
  const work = await mkdtemp(join(tmpdir(), 'meterdesk-bench-watch-'));
  const folder = join(work, 'share');
  await mkdir(folder);
  const store = openStore(join(work, 'queue.sqlite'));
  let adds = 0;
  let addMs = 0;
  let queuedAt = 0;
  let ready: () => void = () => undefined;
  const watcher = new FolderWatcher({
    clock: systemClock,
    stableMs,
    intake: async (root, paths) => {
      const started = performance.now();
      const result = intakeOf(await addPaths(store, paths, { under: root }));
      addMs += performance.now() - started;
      adds++;
      if (store.jobs.counts().total >= names.length) {
        queuedAt = performance.now();
        ready();
      }
      return result;
    },
  });
  const allQueued = new Promise<void>((r) => (ready = r));
  try {
    await watcher.setFolders([folder]);
    while (watcher.status()[0]?.state !== 'watching') await new Promise((r) => setTimeout(r, 20));
    const copyStart = performance.now();
    for (const name of names) await copyFile(join(source, name), join(folder, name));
    const lastWrite = performance.now();
    await allQueued;
    const queuedAfterLastWriteMs = queuedAt - lastWrite;
    return {
      copyMs: lastWrite - copyStart,
      queuedAfterLastWriteMs,
      beyondQuietMs: queuedAfterLastWriteMs - stableMs,
      adds,
      addMs,
      queued: store.jobs.counts().total,
    };
  } finally {
    await watcher.close();
    store.close();
    await rm(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      files: { type: 'string', default: '5000' },
      stable: { type: 'string', default: '3' },
      rounds: { type: 'string', default: '3' },
    },
  });
  const files = Number(values.files);
  const stableMs = Number(values.stable) * 1000;
  const rounds = Number(values.rounds);
  process.stderr.write(`preparing ${String(files)} photos...\n`);
  const photos = await preparePhotos(files);
  const names = (await readdir(photos.dir)).filter((n) => n.endsWith('.jpg')).slice(0, files);
  const results: Round[] = [];
  for (let i = 0; i < rounds; i++) {
    process.stderr.write(`round ${String(i + 1)} of ${String(rounds)}...\n`);
    results.push(await round(photos.dir, names, stableMs));
  }
  const s = (ms: number): string => (ms / 1000).toFixed(2);
  const m = machineInfo();
  const lines = [
    `Watch folders: ${String(names.length)} photos arriving at once, quiet period ${s(stableMs)} s`,
    `machine: ${m.cpus} CPUs (${m.cpuModel}), Node ${m.node}, load ${loadNow().toFixed(2)} at end`,
    '',
    '| round | copy s | last write -> all queued s | beyond the quiet period s | adds | add time s | queued |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r, i) =>
        `| ${String(i + 1)} | ${s(r.copyMs)} | ${s(r.queuedAfterLastWriteMs)} | ${s(r.beyondQuietMs)} | ${String(r.adds)} | ${s(r.addMs)} | ${String(r.queued)} |`,
    ),
    '',
    `median: all queued ${s(median(results.map((r) => r.queuedAfterLastWriteMs)))} s after the last write, ${s(median(results.map((r) => r.beyondQuietMs)))} s beyond the quiet period`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
