import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { officeMigration004 } from '../../../main/office/store/migrations/004-live';
import { inTransaction, openOfficeDb } from '../../../main/office/store/office-db';
import { LIVE_TABLES, OFFICE_LIVE_CHANNEL } from '../../../main/office/store/office-live';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { olderOffice, SHA_A } from './older-office';

const office = useOfficeCluster();

interface Ear {
  /** Every note that arrived and was not taken yet, as parsed JSON. */
  take(): unknown[];
  /** Resolves once a note with exactly this text arrives. */
  heard(text: string): Promise<void>;
  close(): Promise<void>;
}

/** A desk's raw LISTEN on the channel. */
async function listen(url: string): Promise<Ear> {
  const client = new pg.Client({ connectionString: url });
  const notes: string[] = [];
  const waiting = new Map<string, () => void>();
  client.on('notification', (m) => {
    const text = m.payload ?? '';
    const wake = waiting.get(text);
    if (wake) wake();
    else notes.push(text);
  });
  await client.connect();
  await client.query(`LISTEN ${OFFICE_LIVE_CHANNEL}`);
  return {
    take: () => notes.splice(0).map((n) => JSON.parse(n) as unknown),
    heard: (text) => new Promise((resolve) => waiting.set(text, resolve)),
    close: () => client.end(),
  };
}

/** The notes of every change committed so far: they arrive in commit order, before this one's. */
async function notesSoFar(db: pg.Pool, ear: Ear): Promise<unknown[]> {
  const marker = `settle ${Math.random()}`;
  const heard = ear.heard(marker);
  await db.query(`SELECT pg_notify($1, $2)`, [OFFICE_LIVE_CHANNEL, marker]);
  await heard;
  return ear.take();
}

describe.skipIf(officeSkip !== null)('office migration 004: live change notes', () => {
  it('keeps an older office as it was, then notes every change to the four tables', async () => {
    const o = await olderOffice(office(), 1);
    await migrateOffice(o.pool, { upTo: officeMigration004.version - 1 });
    const desk = openOfficeDb(await o.deskUrl('lena'));
    const ear = await listen(await o.deskUrl('lena'));
    try {
      const before = await o.pool.query('SELECT * FROM decisions ORDER BY id');
      expect(await migrateOffice(o.pool, { upTo: 4 })).toEqual({ from: 3, to: 4 });
      expect((await o.pool.query('SELECT * FROM decisions ORDER BY id')).rows).toEqual(before.rows);
      expect(await notesSoFar(desk, ear)).toEqual([]);

      await inTransaction(desk, 'Lena', async (c) => {
        await c.query(
          `INSERT INTO decisions (idempotency_key, kind, sha256, meter_id, meter_number, reading, desk, clerk, decided_at)
           VALUES ('lena:decision:1', 'confirm', $1, 1, '0042', '00150', 'lena@pc3', 'Lena', now())`,
          [SHA_A],
        );
        await c.query(`UPDATE meters SET updated_by = 'Lena' WHERE meter_number = '0042'`);
        await c.query(`UPDATE readings SET reading = '00150' WHERE sha256 = $1`, [SHA_A]);
        await c.query(
          `INSERT INTO review_leases (meter_id, desk, clerk, taken_at, lease_until)
           VALUES (2, 'lena@pc3', 'Lena', now(), now() + interval '20 min')`,
        );
        await c.query('DELETE FROM review_leases WHERE meter_id = 2');
      });
      // A change rolled back is never heard of.
      await inTransaction(desk, 'Lena', async (c) => {
        await c.query(`UPDATE meters SET updated_by = 'nobody'`);
        throw new Error('changed her mind');
      }).catch(() => undefined);

      const notes = await notesSoFar(desk, ear);
      // The migration's own table list and the live one the desks read notes with agree.
      expect(new Set(notes.map((n) => (n as { table: string }).table))).toEqual(
        new Set(LIVE_TABLES),
      );
      expect(notes).toEqual([
        {
          table: 'decisions',
          op: 'INSERT',
          id: 2,
          meterId: 1,
          meterNumber: '0042',
          sha256: SHA_A,
          desk: 'lena@pc3',
          version: 1,
        },
        {
          table: 'meters',
          op: 'UPDATE',
          id: 1,
          meterId: 1,
          meterNumber: '0042',
          routeKey: 'R-12',
          desk: 'Lena',
          version: 2,
        },
        {
          table: 'readings',
          op: 'UPDATE',
          id: 1,
          meterId: 1,
          sha256: SHA_A,
          desk: 'anna@pc1',
          version: 2,
        },
        { table: 'review_leases', op: 'INSERT', meterId: 2, desk: 'lena@pc3', version: 1 },
        { table: 'review_leases', op: 'DELETE', meterId: 2, desk: 'lena@pc3', version: 1 },
      ]);
    } finally {
      await ear.close();
      await desk.end();
      await o.pool.end();
    }
  });

  it('keeps a note small whatever the row holds (NOTIFY refuses 8000 bytes or more)', async () => {
    const o = await olderOffice(office(), 1);
    await migrateOffice(o.pool);
    const desk = openOfficeDb(await o.deskUrl('max'));
    const ear = await listen(await o.deskUrl('max'));
    try {
      const huge = 'x'.repeat(20_000);
      await desk.query(
        `INSERT INTO decisions (idempotency_key, kind, meter_number, note, desk, clerk, decided_at)
         VALUES ('max:decision:1', 'skip', $1, $1, $1, 'Max', now())`,
        [huge],
      );
      const [note] = await notesSoFar(desk, ear);
      expect(note).toMatchObject({ table: 'decisions', meterNumber: 'x'.repeat(200) });
      expect(JSON.stringify(note).length).toBeLessThan(1_000);
    } finally {
      await ear.close();
      await desk.end();
      await o.pool.end();
    }
  });
});
