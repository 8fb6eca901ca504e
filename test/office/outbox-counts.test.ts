// The desk's outbox counts (the Office card's "N waiting", the publisher's state after every
// drain) without reading every entry ever kept (issue 30): what waits is counted on its partial
// index, what was published once and then as entries are marked.
import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOX_PENDING_COUNT, officeOutboxOf } from '../../main/store/office-outbox';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { T0 } from './office-fixture';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function queue(): { store: Store; path: string } {
  const t = tempDir('meterdesk-outbox-counts-');
  const path = `${t.dir}/queue.sqlite`;
  const store = openStore(path);
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  return { store, path };
}

describe('counting the office outbox', () => {
  it('counts what waits on its index, and what was published as it is marked', () => {
    const { store } = queue();
    const clock = createManualClock(T0.getTime());
    const outbox = officeOutboxOf(store.db, clock);
    outbox.publishAs({ desk: 'anna@pc1', clerk: 'anna' });
    for (let i = 0; i < 5; i++) {
      expect(
        outbox.addDecision({ kind: 'skip', meterNumber: `M${i}`, skipCode: 'no_access' }),
      ).toBe(true);
    }
    expect(outbox.counts()).toEqual({ pending: 5, published: 0, failing: 0 });
    const [a, b, c] = outbox.due(3);
    if (!a || !b || !c) throw new Error('three due');
    outbox.markPublished(a.id);
    outbox.markPublished(b.id);
    // Marked again (a republish, a repeated drain): still one entry, its first time kept.
    outbox.markPublished(a.id);
    outbox.markFailed(c.id, 'unreachable', 60_000);
    expect(outbox.counts()).toEqual({ pending: 3, published: 2, failing: 1 });
    outbox.addDecision({ kind: 'confirm', meterNumber: 'M9' });
    expect(outbox.counts()).toEqual({ pending: 4, published: 2, failing: 1 });
  });

  it('counts the published entries of a queue opened again', () => {
    const { store, path } = queue();
    const clock = createManualClock(T0.getTime());
    const outbox = officeOutboxOf(store.db, clock);
    outbox.publishAs({ desk: 'anna@pc1', clerk: 'anna' });
    outbox.addDecision({ kind: 'confirm', meterNumber: 'M1' });
    outbox.addDecision({ kind: 'confirm', meterNumber: 'M2' });
    for (const e of outbox.due(10)) outbox.markPublished(e.id);
    store.close();
    const again = openStore(path);
    cleanups.push(() => {
      again.close();
    });
    expect(officeOutboxOf(again.db, clock).counts()).toEqual({
      pending: 0,
      published: 2,
      failing: 0,
    });
  });

  it('counts what waits without reading the whole outbox', () => {
    const { store } = queue();
    const plan = store.db
      .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${OUTBOX_PENDING_COUNT}`)
      .all()
      .map((r) => r.detail);
    expect(plan.join('\n')).toMatch(/USING (COVERING )?INDEX office_outbox_pending/);
  });
});
