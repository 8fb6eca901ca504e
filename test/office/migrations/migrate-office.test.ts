import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LATEST_OFFICE_VERSION, OFFICE_MIGRATIONS } from '../../../main/office/store/migrations';
import { migrateOffice, officeSchemaVersion } from '../../../main/office/store/migrate-office';
import { OfficeError, openOfficeDb } from '../../../main/office/store/office-db';
import { officeSkip, useOfficeCluster } from '../pg-cluster';

const office = useOfficeCluster();

describe('office migrations', () => {
  it('are numbered 1..n without gaps', () => {
    expect(OFFICE_MIGRATIONS.map((m) => m.version)).toEqual(OFFICE_MIGRATIONS.map((_, i) => i + 1));
  });

  it('each has a test file of its own here, NNN-*.test.ts, from a populated older schema', () => {
    const tests = readdirSync(import.meta.dirname);
    for (const m of OFFICE_MIGRATIONS) {
      const nnn = String(m.version).padStart(3, '0');
      const own = tests.filter((f) => f.startsWith(`${nnn}-`) && f.endsWith('.test.ts'));
      expect(own, `test/office/migrations/${nnn}-*.test.ts for "${m.name}"`).not.toEqual([]);
    }
  });
});

describe.skipIf(officeSkip !== null)('the office migration runner on a real server', () => {
  it('migrates an empty database, and a second run (several desks at once) changes nothing', async () => {
    const o = await office().newOffice();
    const pools = [1, 2, 3].map(() => openOfficeDb(o.ownerUrl));
    const [first] = pools;
    if (!first) throw new Error('no pool');
    try {
      const runs = await Promise.all(pools.map((p) => migrateOffice(p)));
      const n = LATEST_OFFICE_VERSION;
      // Exactly one of them did the work; the advisory lock made the others wait and find it done.
      expect(runs.filter((r) => r.from === 0)).toHaveLength(1);
      expect(runs.every((r) => r.to === n)).toBe(true);
      expect(await migrateOffice(first)).toEqual({ from: n, to: n });
      expect(await officeSchemaVersion(first)).toBe(n);
      const applied = await first.query<{ version: number }>(
        'SELECT version FROM office_schema ORDER BY version',
      );
      expect(applied.rows.map((r) => r.version)).toEqual(OFFICE_MIGRATIONS.map((m) => m.version));
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('leaves the previous version intact when a step fails', async () => {
    const o = await office().newOffice();
    const pool = openOfficeDb(o.ownerUrl);
    try {
      await migrateOffice(pool, { upTo: 1 });
      const broken = [
        ...OFFICE_MIGRATIONS,
        { version: OFFICE_MIGRATIONS.length + 1, name: 'broken', up: 'CREATE TABLE x (; nonsense' },
      ];
      await expect(migrateOffice(pool, { migrations: broken })).rejects.toThrow();
      expect(await officeSchemaVersion(pool)).toBe(1);
      // Step 2's audit table did not stay behind half-made.
      const audit = await pool.query<{ t: string | null }>(
        `SELECT to_regclass('audit')::text AS t`,
      );
      expect(audit.rows[0]?.t).toBeNull();
    } finally {
      await pool.end();
    }
  });

  it('refuses a database a newer MeterDesk migrated', async () => {
    const o = await office().newOffice();
    const pool = openOfficeDb(o.ownerUrl);
    try {
      await migrateOffice(pool);
      await pool.query(`INSERT INTO office_schema (version, name) VALUES (99, 'from the future')`);
      const refused = await migrateOffice(pool).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(OfficeError);
      expect((refused as OfficeError).failure).toBe('schemaNewer');
    } finally {
      await pool.end();
    }
  });
});
