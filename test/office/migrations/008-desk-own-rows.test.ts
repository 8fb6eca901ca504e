import { describe, expect, it } from 'vitest';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { officeMigration008 } from '../../../main/office/store/migrations/008-desk-own-rows';
import { openOfficeDb, type OfficePool } from '../../../main/office/store/office-db';
import { claimPhotos } from '../../../main/office/store/photo-claims';
import {
  publishDecision,
  publishReading,
  type PublishedDecision,
  type PublishedReading,
} from '../../../main/office/store/publish';
import { takeLease } from '../../../main/office/store/review-leases';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { olderOffice, SHA_A } from './older-office';

const office = useOfficeCluster();
const AT = new Date('2026-03-03T09:00:00Z');
const SHA_C = 'c'.repeat(64);
const SHA_D = 'd'.repeat(64);

function reading(desk: string, key: string, sha256: string): PublishedReading {
  return {
    key,
    sha256,
    desk,
    user: desk,
    fileName: `${sha256.slice(0, 4)}.jpg`,
    status: 'finished',
    reading: '00160',
    resultSource: 'ai',
    toReview: false,
    taskId: null,
    aiVersion: null,
    readAt: null,
    meterNumber: '0042',
    publishedAt: AT,
  };
}

function decision(desk: string, key: string): PublishedDecision {
  return {
    key,
    kind: 'confirm',
    desk,
    clerk: desk,
    sha256: SHA_A,
    fileName: '0042.jpg',
    meterNumber: '0042',
    reading: '00151',
    skipCode: null,
    note: null,
    decidedAt: AT,
  };
}

async function readingOf(pool: OfficePool, key: string): Promise<string | null> {
  const { rows } = await pool.query<{ reading: string | null }>(
    'SELECT reading FROM readings WHERE idempotency_key = $1',
    [key],
  );
  return rows[0]?.reading ?? null;
}

describe.skipIf(officeSkip !== null)('office migration 008: a desk writes its own rows', () => {
  it('binds the desks an office has to their roles and refuses another desk role its rows', async () => {
    const o = await olderOffice(office(), 1);
    await migrateOffice(o.pool, { upTo: officeMigration008.version - 1 });
    const anna = openOfficeDb(await o.deskUrl('anna'));
    const ben = openOfficeDb(await o.deskUrl('ben'));
    try {
      // What anna's desk wrote at schema 7: a reading and a decision under its name, as that
      // schema's statements wrote them (today's publish writes columns of later migrations).
      await anna.query(
        `INSERT INTO photos (sha256, state, desk, file_name, claimed_at)
         VALUES ($1, 'read', 'anna@pc1', 'c.jpg', $2), ($3, 'read', 'anna@pc1', 'a.jpg', $2)
         ON CONFLICT (sha256) DO NOTHING`,
        [SHA_C, AT, SHA_A],
      );
      await anna.query(
        `INSERT INTO readings (idempotency_key, sha256, desk, file_name, status, reading, published_at)
         VALUES ('anna@pc1:reading:2', $1, 'anna@pc1', 'c.jpg', 'finished', '00160', $2)`,
        [SHA_C, AT],
      );
      await anna.query(
        `INSERT INTO decisions (idempotency_key, kind, sha256, meter_number, reading, desk, clerk, decided_at)
         VALUES ('anna@pc1:decision:2', 'confirm', $1, '0042', '00151', 'anna@pc1', 'anna@pc1', $2)`,
        [SHA_A, AT],
      );
      // Schema 7 let ben's role rewrite anna's reading: the hole this migration closes.
      await ben.query(`UPDATE readings SET reading = '00161' WHERE idempotency_key = $1`, [
        'anna@pc1:reading:2',
      ]);
      await ben.query(`UPDATE readings SET reading = '00160' WHERE idempotency_key = $1`, [
        'anna@pc1:reading:2',
      ]);
      const readingsBefore = await o.pool.query('SELECT * FROM readings ORDER BY id');
      const decisionsBefore = await o.pool.query('SELECT * FROM decisions ORDER BY id');

      expect(await migrateOffice(o.pool, { upTo: 8 })).toEqual({ from: 7, to: 8 });
      // The rows mean the same; anna@pc1 is bound to the role that wrote under it last. The
      // rows schema 1's desk wrote as the owner bind nobody.
      expect((await o.pool.query('SELECT * FROM decisions ORDER BY id')).rows).toEqual(
        decisionsBefore.rows,
      );
      expect((await o.pool.query('SELECT * FROM readings ORDER BY id')).rows).toEqual(
        readingsBefore.rows,
      );
      expect(readingsBefore.rowCount).toBe(2);
      const bound = await o.pool.query<{ desk: string; db_role: string }>(
        'SELECT desk, db_role FROM office_desks ORDER BY desk',
      );
      expect(bound.rows).toEqual([{ desk: 'anna@pc1', db_role: 'desk_ben' }]);
      // The owner rebinds (ben's two updates were the last writes under anna's name), audited.
      await o.pool.query(`UPDATE office_desks SET db_role = 'desk_anna' WHERE desk = 'anna@pc1'`);
      const rebound = await o.pool.query<{ op: string }>(
        `SELECT op FROM audit WHERE table_name = 'office_desks' ORDER BY id`,
      );
      expect(rebound.rows.map((r) => r.op)).toEqual(['INSERT', 'UPDATE']);

      // Ben's role can neither change nor delete anna's reading or decision...
      await expect(
        ben.query(`UPDATE readings SET reading = '99999' WHERE idempotency_key = $1`, [
          'anna@pc1:reading:2',
        ]),
      ).rejects.toThrow('desk role desk_ben may not change readings of desk anna@pc1');
      await expect(ben.query('DELETE FROM readings')).rejects.toThrow(/permission denied/);
      await expect(ben.query(`UPDATE decisions SET reading = '99999'`)).rejects.toThrow(
        /permission denied/,
      );
      await expect(ben.query('DELETE FROM decisions')).rejects.toThrow(/permission denied/);
      // On to the newest schema: the desks below publish with today's statements.
      await migrateOffice(o.pool);
      // ...nor write under anna's name: a forged reading, decision or claim.
      await expect(
        publishReading(ben, reading('anna@pc1', 'anna@pc1:reading:3', SHA_D)),
        // The photo it names is the first row written, under the same name.
      ).rejects.toThrow('desk role desk_ben may not write photos as desk anna@pc1');
      await expect(
        publishDecision(ben, { ...decision('anna@pc1', 'anna@pc1:decision:3'), sha256: null }),
      ).rejects.toThrow('desk role desk_ben may not write decisions as desk anna@pc1');
      await expect(
        claimPhotos(ben, {
          desk: 'anna@pc1#q0123abcd',
          leaseMs: 60_000,
          photos: [{ sha256: SHA_D, fileName: 'd.jpg' }],
        }),
      ).rejects.toThrow('desk role desk_ben may not write photos as desk anna@pc1');
      expect(await readingOf(o.pool, 'anna@pc1:reading:2')).toBe('00160');
      expect(await readingOf(o.pool, 'anna@pc1:reading:3')).toBeNull();

      // Anna's own rows still work: a correction of its reading, a new reading, a claim.
      await anna.query(`UPDATE readings SET reading = '00162' WHERE idempotency_key = $1`, [
        'anna@pc1:reading:2',
      ]);
      expect(await readingOf(o.pool, 'anna@pc1:reading:2')).toBe('00162');
      expect(await publishReading(anna, reading('anna@pc1', 'anna@pc1:reading:3', SHA_D))).toEqual({
        written: true,
      });
      // A new desk name binds to the role that first writes under it, and works as before.
      expect(await publishReading(ben, reading('ben@pc2', 'ben@pc2:reading:1', SHA_D))).toEqual({
        written: true,
      });
      await ben.query(`UPDATE readings SET reading = '00163' WHERE idempotency_key = $1`, [
        'ben@pc2:reading:1',
      ]);
      expect(await readingOf(o.pool, 'ben@pc2:reading:1')).toBe('00163');
      await expect(
        anna.query(`UPDATE readings SET reading = '1' WHERE idempotency_key = $1`, [
          'ben@pc2:reading:1',
        ]),
      ).rejects.toThrow('desk role desk_anna may not change readings of desk ben@pc2');
      const [claim] = await claimPhotos(ben, {
        desk: 'ben@pc2#q0123abcd',
        leaseMs: 60_000,
        photos: [{ sha256: 'e'.repeat(64), fileName: 'e.jpg' }],
      });
      expect(claim).toMatchObject({ kind: 'ours' });

      // A lease: anna's holds against ben; ben's decision on the meter leaves it to anna.
      const lease = { clerk: 'anna', leaseMs: 60_000 };
      expect(await takeLease(anna, 1, { ...lease, desk: 'anna@pc1' })).toMatchObject({ ok: true });
      await expect(
        takeLease(ben, 2, { clerk: 'ben', leaseMs: 60_000, desk: 'anna@pc1' }),
      ).rejects.toThrow('desk role desk_ben may not write review_leases as desk anna@pc1');
      expect(await publishDecision(ben, decision('ben@pc2', 'ben@pc2:decision:1'))).toEqual({
        written: true,
      });
      expect((await ben.query('DELETE FROM review_leases')).rowCount).toBe(0);
      const leases = await o.pool.query<{ desk: string }>('SELECT desk FROM review_leases');
      expect(leases.rows).toEqual([{ desk: 'anna@pc1' }]);
      // A desk role cannot bind or rebind desk names itself.
      await expect(
        ben.query(`UPDATE office_desks SET db_role = 'desk_ben' WHERE desk = 'anna@pc1'`),
      ).rejects.toThrow(/permission denied/);
      await expect(
        ben.query(`INSERT INTO office_desks (desk, db_role) VALUES ('cleo@pc3', 'desk_ben')`),
      ).rejects.toThrow(/permission denied/);
    } finally {
      await anna.end();
      await ben.end();
      await o.pool.end();
    }
  });
});
