import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../main/store/store';
import { expectedReadings, harness, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function startChild(hh: Harness): { child: ChildProcess; exit: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/engine/fixtures/run-child.ts'], {
    env: {
      ...process.env,
      MD_DB: hh.dbFile,
      MD_BASE_URL: hh.sandbox.url,
      MD_API_KEY: hh.sandbox.apiKey,
      MD_PATHS: hh.photos,
      MD_GRACE_MS: '600',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exit = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      resolve(code);
    });
  });
  return { child, exit };
}

/** Reads the child's queue from outside, as a second (read-only) connection. */
function progress(file: string): { submitted: number; done: number; uploading: number } {
  if (!existsSync(file)) return { submitted: 0, done: 0, uploading: 0 };
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const rows = db
        .prepare<[], { state: string; n: number }>(
          'SELECT state, COUNT(*) AS n FROM jobs GROUP BY state',
        )
        .all();
      const n = (s: string): number => rows.find((r) => r.state === s)?.n ?? 0;
      return { submitted: n('submitted'), done: n('done'), uploading: n('uploading') };
    } finally {
      db.close();
    }
  } catch {
    return { submitted: 0, done: 0, uploading: 0 };
  }
}

async function until(cond: () => boolean, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for the child');
    await new Promise((r) => setTimeout(r, 15));
  }
}

describe('crash recovery', () => {
  it('SIGKILLed at several points and restarted: every file final, readings right, quota once per image', async () => {
    h = await harness({
      photos: 40,
      duplicates: 2,
      // Slow enough that each run is still going when its kill point comes.
      sandbox: {
        ai: { latencyMs: 300, jitterMs: 100 },
        keys: [{ key: 'md_crash_key_1234567', concurrency: 4 }],
      },
    });
    const hh = h;
    // Kill points: mid-upload, with tasks in flight, and late in the run.
    const killWhen = [
      (p: ReturnType<typeof progress>) => p.uploading > 0,
      (p: ReturnType<typeof progress>) => p.submitted > 0 && p.done >= 3,
      (p: ReturnType<typeof progress>) => p.done >= 15,
      (p: ReturnType<typeof progress>) => p.done >= 28,
    ];
    let kills = 0;
    for (const when of killWhen) {
      const { child, exit } = startChild(hh);
      const state = { finished: false };
      void exit.then(() => {
        state.finished = true;
      });
      await until(() => state.finished || when(progress(hh.dbFile)));
      if (!state.finished) {
        child.kill('SIGKILL');
        kills++;
      }
      await exit;
    }
    expect(kills).toBeGreaterThanOrEqual(3);
    const last = startChild(hh);
    expect(await last.exit).toBe(0);

    const store = openStore(hh.dbFile);
    try {
      const jobs = [...store.queries.iterate({})];
      const want = expectedReadings(hh.manifest);
      expect(jobs.filter((j) => j.state === 'done').length).toBe(want.size);
      for (const j of jobs) expect(j.aiReading, j.relPath).toBe(want.get(j.relPath));
      expect(jobs.every((j) => j.state === 'done')).toBe(true);
    } finally {
      store.close();
    }
    // A kill inside an upload may leave a task the client never heard of; the resend waits for
    // it to be cached, so no image is charged twice.
    for (const [sha, n] of Object.entries(hh.sandbox.ledger.quotaCharges())) expect(n, sha).toBe(1);
    // ~10 s quiet; 76 s seen with both cores busy.
  }, 300_000);
});
