// `meter-desk watch <folder>...`: the app's watch folders on the command line. New photos are added
// once they stopped changing, checked as `run` checks them (held when unreadable, their codes
// read), the engine sends them, folders that go away are reported and picked up again; Ctrl-C or
// SIGTERM stops it cleanly, with whatever is still queued kept. With --office it also prints other
// desks' changes in the office as they happen (office-live-lines.ts).
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { EngineStatus } from '../../../common/engine-status';
import { jobText } from '../../../common/job-messages';
import type { WatchFolderView } from '../../../common/ipc/views';
import type { Engine } from '../../engine/engine';
import { defaultDeskName } from '../../office/office-desk';
import { systemClock } from '../../time/clock';
import { FolderWatcher, intakeOf } from '../../watch';
import { EXIT, UsageError } from '../exit-codes';
import { heldLines, heldReasons, type HeldSummary } from '../held-summary';
import type { CliIo } from '../output';
import { countsLine, holdLine } from '../progress';
import { resolveService } from '../service';
import { officeForRun } from './office';
import { OFFICE_FLAGS } from './office-connection';
import { reportOfficeLive } from './office-live-lines';
import { describeAdd, openForService } from './run';

export const WATCH_USAGE = `meter-desk watch <folder>... [--base-url URL] [--business B] [--db FILE] [--stable SECONDS] [--wait]
    [--no-photo-checks] (sends photos the quality check would hold: too small, dark, overexposed, blurred)
    [--office URL] [--desk NAME] (prints other desks' changes in the office as they happen)
    (adds new photos as they arrive, once unchanged for --stable seconds, default 3; Ctrl-C stops)`;

/** Stops when asked: SIGINT and SIGTERM in a terminal, the signal in tests. */
function stopRequest(signal: AbortSignal | undefined): {
  stopped: Promise<string>;
  end: () => void;
} {
  let done: (why: string) => void = () => undefined;
  const stopped = new Promise<string>((r) => (done = r));
  const onInt = (): void => {
    done('SIGINT');
  };
  const onTerm = (): void => {
    done('SIGTERM');
  };
  const onAbort = (): void => {
    done('stop');
  };
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) done('stop');
  return {
    stopped,
    end: () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

async function checkFolders(positionals: readonly string[]): Promise<string[]> {
  if (positionals.length === 0) throw new UsageError(`No folder to watch.\nUsage: ${WATCH_USAGE}`);
  const folders = positionals.map((p) => resolve(p));
  for (const folder of folders) {
    const st = await stat(folder).catch(() => null);
    // A folder that is not there yet (a card not inserted) is waited for; a file is a mistake.
    if (st && !st.isDirectory())
      throw new UsageError(`${folder} is a file, not a folder to watch.`);
  }
  return folders;
}

/** One line per change a person watching the terminal cares about. */
function reportStates(io: CliIo): (views: readonly WatchFolderView[]) => void {
  const last = new Map<string, string>();
  return (views) => {
    for (const v of views) {
      if (v.state === 'starting' || last.get(v.path) === v.state) continue;
      last.set(v.path, v.state);
      io.err(
        v.state === 'watching'
          ? `Watching ${v.path}\n`
          : `Unavailable: ${v.path} (${v.problem ? jobText(v.problem) : 'not there'}); watching for it to return\n`,
      );
    }
  };
}

/** Says when sending stops for a reason (key, quota, network) and when it goes on again. */
function reportHolds(engine: Engine, io: CliIo): () => void {
  let last = '';
  const onStatus = (s: EngineStatus): void => {
    const line = holdLine(s);
    // The offline line counts down; only a new reason is news.
    const reason = line.replace(/\d+ s$/, '');
    if (reason === last) return;
    last = reason;
    io.err(line ? `Waiting: ${line}\n` : 'Sending again.\n');
  };
  engine.on('status', onStatus);
  return () => {
    engine.off('status', onStatus);
  };
}

/** Says when the quality check holds a photo back, with the held photos so far per reason. */
function reportHeld(
  engine: Engine,
  byReason: () => HeldSummary['byReason'],
  io: CliIo,
): () => void {
  let last = 0;
  const onStatus = (s: EngineStatus): void => {
    if (s.counts.held <= last) {
      last = s.counts.held;
      return;
    }
    last = s.counts.held;
    io.err(`Held, not sent: ${heldReasons(byReason())}\n`);
  };
  engine.on('status', onStatus);
  return () => {
    engine.off('status', onStatus);
  };
}

export async function watchCommand(
  argv: string[],
  io: CliIo,
  options: { signal?: AbortSignal } = {},
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      business: { type: 'string' },
      db: { type: 'string' },
      stable: { type: 'string' },
      wait: { type: 'boolean', default: false },
      'no-photo-checks': { type: 'boolean', default: false },
      ...OFFICE_FLAGS,
    },
  });
  const folders = await checkFolders(positionals);
  const stableSeconds = values.stable === undefined ? 3 : Number(values.stable);
  if (!Number.isFinite(stableSeconds) || stableSeconds < 0.1 || stableSeconds > 3600) {
    throw new UsageError('--stable takes a number of seconds between 0.1 and 3600');
  }
  const service = await resolveService({ baseUrl: values['base-url'], db: values.db }, io, {
    sandboxByDefault: true,
  });
  const session = await openForService(
    service,
    { business: values.business ?? null, photoChecks: !values['no-photo-checks'] },
    'meter-desk watch',
    { wait: values.wait, io, ownsSandbox: true },
  );
  // Office mode publishes through the queue's outbox and claims each photo before it is sent;
  // the engine never waits long for the office.
  const office = await officeForRun(values, session, io, false).catch(async (error: unknown) => {
    await session.close();
    await service.sandbox?.close();
    throw error;
  });
  const stop = stopRequest(options.signal);
  const report = reportStates(io);
  const engine = session.engine;
  const watcher = new FolderWatcher({
    clock: systemClock,
    stableMs: stableSeconds * 1000,
    intake: async (folder, paths) => {
      const added = await session.actions.addArrivals(folder, paths);
      io.out(`${folder}: ${describeAdd(added)}\n`);
      return intakeOf(added);
    },
    onChange: () => {
      report(watcher.status());
    },
    onError: (folder, error) => {
      io.err(
        `${folder}: adding failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    },
  });
  const stopHolds = reportHolds(engine, io);
  const stopHeld = reportHeld(engine, () => session.store.jobs.heldByReason(), io);
  // Other desks' changes as they happen, one line each (never this desk's own).
  const stopLive = office
    ? reportOfficeLive(office, values.desk ?? defaultDeskName(), (line) => {
        io.err(`${line}\n`);
      })
    : () => undefined;
  try {
    await engine.start();
    await watcher.setFolders(folders);
    const why = await stop.stopped;
    io.err(`\nStopping (${why}); queued photos are kept for the next run.\n`);
    await watcher.close();
    await engine.stop();
    const held = {
      byReason: session.store.jobs.heldByReason(),
      quotaSaved: session.store.jobs.heldDistinctPhotos(),
    };
    io.out(`${countsLine(engine.status().counts)}\n${heldLines(held)}`);
    return EXIT.ok;
  } finally {
    stopLive();
    stopHeld();
    stopHolds();
    stop.end();
    await watcher.close();
    await office?.finish(10_000);
    await session.close();
    await service.sandbox?.close();
  }
}
