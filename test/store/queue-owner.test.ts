// One writer per queue file, on the real SQLite file: a second claim names the live owner; a claim
// whose process is gone, or whose heartbeat stopped, is taken over; and the process that lost its
// claim learns it at its next heartbeat.
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { QueueInUseError, QueueOwnership } from '../../main/store/queue-owner';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';

let cleanup: () => void = () => undefined;
const opened: Store[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
  cleanup();
});

function queueFile(): string {
  const t = tempDir('meterdesk-owner-');
  cleanup = t.cleanup;
  return join(t.dir, 'queue.sqlite');
}

function open(file: string, clock = createManualClock(Date.UTC(2026, 10, 23, 9))): Store {
  const store = openStore(file, { clock });
  opened.push(store);
  return store;
}

/** A pid that belonged to a process which has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

function writeOwner(store: Store, row: { pid: number; host: string; heartbeatAt: number }): void {
  store.db
    .prepare(
      `INSERT INTO queue_owner (id, token, pid, host, label, started_at, heartbeat_at)
       VALUES (1, 'theirs', ?, ?, 'meter-desk run', '2026-11-23T08:00:00.000Z', ?)`,
    )
    .run(row.pid, row.host, row.heartbeatAt);
}

describe('one writer per queue', () => {
  it('a second claim is refused with a message naming the owner; after release it succeeds', () => {
    const file = queueFile();
    const first = open(file);
    first.claim({ label: 'the MeterDesk window' });
    const second = open(file);
    let refused: unknown;
    try {
      second.claim({ label: 'meter-desk run' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(QueueInUseError);
    expect((refused as Error).message).toContain('the MeterDesk window');
    expect((refused as Error).message).toContain(`process ${process.pid}`);
    first.release();
    expect(() => {
      second.claim({ label: 'meter-desk run' });
    }).not.toThrow();
    const sameTime = createManualClock(Date.UTC(2026, 10, 23, 9));
    expect(QueueOwnership.currentOwner(first.db, sameTime)?.label).toBe('meter-desk run');
  });

  it('claiming twice in one store is harmless, and closing the store gives the queue up', () => {
    const file = queueFile();
    const store = open(file);
    store.claim({ label: 'a' });
    store.claim({ label: 'a' });
    store.close();
    const next = open(file);
    expect(() => {
      next.claim({ label: 'b' });
    }).not.toThrow();
  });

  it('the claim of a process that is gone (killed, crashed) is taken over', () => {
    const file = queueFile();
    const clock = createManualClock(Date.UTC(2026, 10, 23, 9));
    const store = open(file, clock);
    writeOwner(store, { pid: deadPid(), host: hostname(), heartbeatAt: clock.now() });
    expect(() => {
      store.claim({ label: 'meter-desk run' });
    }).not.toThrow();
  });

  it('another machine on a shared folder: refused while its heartbeat is fresh, taken over once it stops', async () => {
    const file = queueFile();
    const clock = createManualClock(Date.UTC(2026, 10, 23, 9));
    const store = open(file, clock);
    writeOwner(store, { pid: 4242, host: 'office-pc-7', heartbeatAt: clock.now() });
    expect(() => {
      store.claim({ label: 'meter-desk run' });
    }).toThrow(/meter-desk run \(process 4242 on office-pc-7/);
    await clock.advance(61_000);
    expect(() => {
      store.claim({ label: 'meter-desk run' });
    }).not.toThrow();
  });

  it('an owner whose claim was taken over learns it at its next heartbeat and stops', async () => {
    const file = queueFile();
    const clock = createManualClock(Date.UTC(2026, 10, 23, 9));
    const first = open(file, clock);
    const lost: string[] = [];
    first.claim({ label: 'the MeterDesk window', onLost: (o) => lost.push(o.label) });
    // The first process hung for longer than the stale time; a second one took over.
    const second = open(file, clock);
    const taker = QueueOwnership.claim(second.db, file, {
      clock,
      label: 'meter-desk run',
      isAlive: () => false,
      staleAfterMs: 0,
    });
    await clock.advance(10_000);
    expect(lost).toEqual(['meter-desk run']);
    taker.release();
  });

  it('a heartbeat that finds the connection busy with an open iterator waits its turn', async () => {
    const file = queueFile();
    const clock = createManualClock(Date.UTC(2026, 10, 23, 9));
    const store = open(file, clock);
    store.claim({ label: 'meter-desk run' });
    const beat = (): number =>
      store.db.prepare<[], { at: number }>('SELECT heartbeat_at AS at FROM queue_owner').get()
        ?.at ?? 0;
    const before = beat();
    // A reader streaming rows between awaits holds the connection when the heartbeat comes.
    const rows = store.db.prepare('SELECT 1 AS n UNION ALL SELECT 2').iterate();
    rows.next();
    await clock.advance(10_000);
    rows.return?.();
    expect(beat()).toBe(before);
    await clock.advance(200);
    expect(beat()).toBe(before + 10_200);
  });
});
