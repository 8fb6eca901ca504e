// Child-process entry for one office desk (bench/office-kill.ts): argv[2] is a DeskChildSpec as
// JSON. It runs the engine with an office desk over one folder until every photo is settled, and
// sends its counts to the parent over IPC. A process of its own, so that the parent can kill it
// with SIGKILL mid-run, as a desk's PC losing power would.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openSession } from '../../main/actions/session';
import { startOfficeDesk } from '../../main/office/office-desk';
import { systemClock } from '../../main/time/clock';

export interface DeskChildSpec {
  readonly desk: string;
  readonly dbFile: string;
  readonly folder: string;
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly officeUrl: string;
  /** The claim gate's lease and recheck (ms): short, so a bench need not wait 15 minutes. */
  readonly leaseMs: number;
  readonly recheckMs: number;
}

export interface DeskChildResult {
  readonly desk: string;
  readonly total: number;
  readonly done: number;
  /** Copies that took another desk's reading from the office, unsent. */
  readonly taken: number;
  /** Outbox entries still unpublished after the desk's last drain. */
  readonly pending: number;
}

const HERE = fileURLToPath(import.meta.url);

/** Starts one desk in a child process (same loader flags as this one). */
export function forkDesk(spec: DeskChildSpec): {
  child: ChildProcess;
  result: Promise<DeskChildResult | null>;
} {
  const child = fork(HERE, [JSON.stringify(spec)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const result = new Promise<DeskChildResult | null>((resolve, reject) => {
    let answer: DeskChildResult | null = null;
    child.on('message', (message) => {
      answer = message as DeskChildResult;
    });
    child.on('error', reject);
    // Killed: no answer, which is what the parent expects of a killed desk.
    child.on('exit', () => {
      resolve(answer);
    });
  });
  return { child, result };
}

async function runDesk(spec: DeskChildSpec): Promise<DeskChildResult> {
  const session = openSession({ dbFile: spec.dbFile, baseUrl: spec.baseUrl, apiKey: spec.apiKey });
  const desk = await startOfficeDesk({
    store: session.store,
    url: spec.officeUrl,
    desk: spec.desk,
    clock: systemClock,
    say: () => undefined,
    claims: { leaseMs: spec.leaseMs, recheckMs: spec.recheckMs },
    publishEveryMs: 100,
  });
  session.engine.claimUploadsWith(desk.claim);
  try {
    await session.actions.addPhotos([spec.folder]);
    await session.engine.start();
    await session.engine.waitSettled();
    await session.engine.stop();
    const state = await desk.finish(10_000);
    const counts = session.store.jobs.counts();
    return {
      desk: spec.desk,
      total: counts.total,
      done: counts.done,
      taken: session.store.jobs.officeDesks().reduce((n, o) => n + o.read, 0),
      pending: state.pending,
    };
  } finally {
    await session.close();
  }
}

if (process.argv[1] === HERE) {
  const spec = JSON.parse(process.argv[2] ?? 'null') as DeskChildSpec | null;
  if (!spec || !process.send) {
    process.stderr.write('office-desk-child: run me through bench/office-kill.ts\n');
    process.exit(2);
  }
  const result = await runDesk(spec);
  process.send(result, () => {
    process.exit(0);
  });
}
