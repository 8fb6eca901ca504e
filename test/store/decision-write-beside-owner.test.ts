// A decision and its outbox entry are one transaction (issue 30), and some decisions read before
// they write (a meter decision asks the rules about the meter's rows first). Skips and typed
// readings are made beside a running owner (`meter-desk run` writes the same queue file from
// another process): a transaction that began by reading would fail with SQLITE_BUSY_SNAPSHOT
// when the owner commits between its read and its write. It takes the write lock at its start
// instead, so the owner waits (on its busy timeout) and the decision is kept.
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import type { MeterDecision } from '../../common/billing/meter-decision';
import { officeOutboxOf, writeWithOutboxEntry } from '../../main/store/office-outbox';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';

const ESTIMATE: MeterDecision = {
  kind: 'estimate',
  reading: '00100.0',
  readAt: '2026-03-02',
  days: 0,
  consumption: 0,
  avgDailyUse: 0,
  consecutive: 1,
};

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function queue(): Store {
  const t = tempDir('meterdesk-decision-write-');
  const store = openStore(`${t.dir}/queue.sqlite`);
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  return store;
}

it('holds the write lock from its start: the owner writing meanwhile waits, the decision is kept', () => {
  const store = queue();
  const clock = createManualClock(Date.parse('2026-03-02T08:00:00Z'));
  const outbox = officeOutboxOf(store.db, clock);
  outbox.publishAs({ desk: 'anna@pc1', clerk: 'anna' });
  // The owner's connection, as another process holds it; it does not wait here, it says busy.
  const owner = new Database(store.file);
  cleanups.push(() => owner.close());
  owner.pragma('busy_timeout = 0');
  const ownerWrites = (): string => {
    try {
      owner.prepare(`INSERT INTO settings (key, value) VALUES ('ownerWrote', '1')`).run();
      return 'written';
    } catch (e) {
      return (e as { code?: string }).code ?? String(e);
    }
  };

  let ownerMeanwhile = '';
  writeWithOutboxEntry(
    store.db,
    clock,
    () => {
      // The rules read the meter's rows first ...
      store.db.prepare('SELECT count(*) FROM meter_decisions').get();
      // ... while the owner's engine commits a write of its own ...
      ownerMeanwhile = ownerWrites();
      // ... then the decision is kept.
      store.decisions.add('M1', ESTIMATE);
    },
    () => ({ kind: 'estimate', meterNumber: 'M1' }),
  );

  expect(ownerMeanwhile).toBe('SQLITE_BUSY');
  expect(store.decisions.current('M1')?.decision.kind).toBe('estimate');
  expect(outbox.counts().pending).toBe(1);
  // Once the decision is committed the owner writes as before.
  expect(ownerWrites()).toBe('written');
});
