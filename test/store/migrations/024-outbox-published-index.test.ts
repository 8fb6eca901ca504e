// Migration 024 on a populated queue from before it (23):
// the outbox keeps every entry as it was, and the pruning's filter (published entries older than
// the retention) reads the new partial index instead of the whole outbox.
import { expect, it } from 'vitest';
import { openStore } from '../../../main/store/store';
import { AT, olderQueues, publishAs, rowsOf } from './older-queue';

const olderQueue = olderQueues();

it('024 indexes published outbox entries and keeps every entry as it was', () => {
  const q = olderQueue(23);
  publishAs(q, 'anna@pc1');
  const add = q.db.prepare(
    `INSERT INTO office_outbox (idem_key, kind, payload, created_at, published_at)
     VALUES (?, 'decision', '{}', ?, ?)`,
  );
  add.run('anna@pc1:decision:1', AT, '2026-01-01T00:00:00.000Z');
  add.run('anna@pc1:decision:2', AT, AT);
  add.run('anna@pc1:decision:3', AT, null);
  const entries = rowsOf(q.db, 'office_outbox');

  expect(q.migrateTo(24)).toBe(24);
  expect(rowsOf(q.db, 'office_outbox')).toEqual(entries);
  const index = q.db
    .prepare<[], { sql: string }>(
      `SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'office_outbox_published'`,
    )
    .get();
  expect(index?.sql).toMatch(/WHERE published_at IS NOT NULL/);
  q.db.close();

  const store = openStore(q.file);
  try {
    // Kept 30 days: of the two published entries only January's is older (on this clock, today).
    const pruned = store.db
      .prepare(
        `DELETE FROM office_outbox INDEXED BY office_outbox_published
          WHERE published_at IS NOT NULL AND published_at < ?`,
      )
      .run('2026-06-01T00:00:00.000Z').changes;
    expect(pruned).toBe(1);
    expect(
      store.db
        .prepare<[], { idem_key: string }>('SELECT idem_key FROM office_outbox ORDER BY id')
        .all(),
    ).toEqual([{ idem_key: 'anna@pc1:decision:2' }, { idem_key: 'anna@pc1:decision:3' }]);
  } finally {
    store.close();
  }
});
