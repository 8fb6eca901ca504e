// Issue 30: a desk killed between a clerk's decision and its publish loses nothing. A real
// process corrects a reading on a real queue file and is SIGKILLed (fixtures/decide-then-die.ts):
// while the decision's outbox entry is written, the queue after reopening has the correction and
// its entry, or neither; killed after the decision, both, and the publisher of the restarted desk
// sends the correction to a real PostgreSQL under the key it was kept with.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxPublisher } from '../../main/office/outbox-publisher';
import { openOfficeStore } from '../../main/office/store/office-store';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { migratedOffice, T0 } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { readPhoto } from './queue-photos';

const office = useOfficeCluster();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type KillPoint = 'at-outbox-entry' | 'after-decision';

/** A publishing desk's queue with one photo read (its reading in the outbox), closed. */
function deskQueue(): { file: string; job: number } {
  const t = tempDir('meterdesk-decision-kill-');
  cleanups.push(t.cleanup);
  const file = `${t.dir}/queue.sqlite`;
  const store = openStore(file);
  officeOutboxOf(store.db, createManualClock(T0.getTime())).publishAs({
    desk: 'anna@pc1',
    clerk: 'anna',
  });
  const job = readPhoto(store, 'a.jpg', '00120', '2026-03-02T08:00:00.000Z');
  store.close();
  return { file, job };
}

/** The desk corrects the reading in a process of its own, killed at `kill`; how it ended. */
function decideAndDie(file: string, job: number, kill: KillPoint): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/office/fixtures/decide-then-die.ts'],
    {
      env: { ...process.env, MD_DB: file, MD_JOB: String(job), MD_READING: '00121', MD_KILL: kill },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      resolve(signal ?? `exit ${String(code)}: ${out}`);
    });
  });
}

/** What the reopened queue holds of the correction: the row's review and the outbox's entries. */
function survived(store: Store, job: number) {
  const outbox = officeOutboxOf(store.db, createManualClock(T0.getTime()));
  return {
    review: store.jobs.get(job)?.reviewAction ?? null,
    outbox: outbox.since(0, 100).map((e) => ({ kind: e.kind, of: e.payload.kind ?? 'reading' })),
  };
}

function reopen(file: string): Store {
  const store = openStore(file);
  cleanups.push(() => {
    store.close();
  });
  return store;
}

describe('a desk killed between a decision and its publish', () => {
  it('killed as the outbox entry is written: neither the correction nor its entry', async () => {
    const { file, job } = deskQueue();
    expect(await decideAndDie(file, job, 'at-outbox-entry')).toBe('SIGKILL');
    expect(survived(reopen(file), job)).toEqual({
      review: null,
      outbox: [{ kind: 'reading', of: 'reading' }],
    });
  });

  describe.skipIf(officeSkip !== null)('killed after the decision', () => {
    it('keeps both, and the restarted desk publishes the correction', async () => {
      const { file, job } = deskQueue();
      expect(await decideAndDie(file, job, 'after-decision')).toBe('SIGKILL');
      const store = reopen(file);
      expect(survived(store, job)).toEqual({
        review: 'corrected',
        outbox: [
          { kind: 'reading', of: 'reading' },
          { kind: 'decision', of: 'correct' },
        ],
      });

      const cluster = office();
      const o = await migratedOffice(cluster, 0);
      const clock = createManualClock(T0.getTime());
      const outbox = officeOutboxOf(store.db, clock);
      const desk = openOfficeStore(await o.deskUrl('anna'), {
        desk: 'anna@pc1',
        connectMs: 2_000,
      });
      cleanups.push(() => desk.close());
      const publisher = new OutboxPublisher({ outbox, office: desk, clock });
      expect(await publisher.drain()).toMatchObject({ reachable: true, pending: 0, published: 2 });

      const kept = outbox.since(0, 100).find((e) => e.kind === 'decision');
      const decisions = await cluster
        .adminOn(o.database)
        .query<{ kind: string; reading: string | null; key: string }>(
          `SELECT kind, reading, idempotency_key AS key FROM decisions`,
        );
      expect(decisions.rows).toEqual([{ kind: 'correct', reading: '00121', key: kept?.key }]);
    });
  });
});
