import { describe, expect, it } from 'vitest';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { openOfficeDb } from '../../../main/office/store/office-db';
import { officeMigration012 } from '../../../main/office/store/migrations/012-office-limits-history';
import { openOfficeStore } from '../../../main/office/store/office-store';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { migrateTakingRows, olderOffice } from './older-office';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)(
  'office migration 012: plausibility profile and history',
  () => {
    it('keeps an older office as it was; a desk sets the profile (audited) and adds history', async () => {
      const o = await olderOffice(office(), 1);
      await migrateOffice(o.pool, { upTo: 11 });
      const desk = openOfficeStore(await o.deskUrl('nina'), { desk: 'nina@pc9' });
      try {
        const tables = ['routes', 'meters', 'readings', 'decisions'];
        const { before, after } = await migrateTakingRows(
          o.pool,
          { from: 11, to: officeMigration012.version },
          tables,
        );
        expect(after).toEqual(before);
        // No profile chosen yet: every desk keeps its own; no history.
        expect(await desk.plausibilityProfile()).toBeNull();
        expect(await desk.historyCounts()).toEqual({ readings: 0, meters: 0 });

        const set = await desk.setPlausibilityProfile('sap_bands');
        expect(set).toMatchObject({ profile: 'sap_bands', desk: 'nina@pc9', version: 1 });
        const again = await desk.setPlausibilityProfile('history');
        expect(again).toMatchObject({ profile: 'history', version: 2 });
        expect(await desk.plausibilityProfile()).toMatchObject({ profile: 'history' });
        const audit = await o.pool.query<{
          op: string;
          desk_user: string;
          after: { profile: string };
        }>(
          `SELECT op, desk_user, after FROM audit WHERE table_name = 'office_plausibility' ORDER BY id`,
        );
        expect(audit.rows.map((r) => [r.op, r.desk_user, r.after.profile])).toEqual([
          ['INSERT', 'nina@pc9', 'sap_bands'],
          ['UPDATE', 'nina@pc9', 'history'],
        ]);

        const row = {
          meterId: '0042',
          readAt: '2026-01-31',
          reading: '00100',
          readType: 'actual' as const,
        };
        expect(
          await desk.addHistory(
            [row, { ...row, readAt: '2026-02-28', reading: '00110' }],
            'import',
          ),
        ).toEqual([{ kind: 'added' }, { kind: 'added' }]);
        // The same again adds nothing; another reading on a stored key is a conflict, not a change.
        expect(await desk.addHistory([row, { ...row, reading: '00101' }], 'import')).toEqual([
          { kind: 'same' },
          { kind: 'conflict', stored: '00100' },
        ]);
        // An export replaces what an earlier export wrote, never an import.
        const exported = { ...row, readAt: '2026-03-31', reading: '00120' };
        await desk.addHistory([exported], 'export');
        expect(await desk.addHistory([{ ...exported, reading: '00121' }], 'export')).toEqual([
          { kind: 'added' },
        ]);
        expect(await desk.addHistory([{ ...row, reading: '00102' }], 'export')).toEqual([
          { kind: 'conflict', stored: '00100' },
        ]);
        expect(await desk.historyCounts()).toEqual({ readings: 3, meters: 1 });
        // Four changes the derivation reads (0042's sheet gives no previous read date: all of its
        // history is read); a row already there or refused changes nothing.
        const state = await o.pool.query<{ version: string }>(
          'SELECT version::text AS version FROM office_history_state',
        );
        expect(state.rows).toEqual([{ version: '3' }]);

        // A desk's role may neither remove the office's profile nor its history.
        const raw = openOfficeDb(await o.deskUrl('nina'));
        try {
          await expect(raw.query('DELETE FROM office_plausibility')).rejects.toThrow(
            /permission denied/,
          );
          await expect(raw.query('DELETE FROM meter_history')).rejects.toThrow(/permission denied/);
          await expect(raw.query('DELETE FROM audit')).rejects.toThrow(/permission denied/);
        } finally {
          await raw.end();
        }
        const inputs = await o.pool.query(`SELECT inputs FROM office_rows_state`);
        expect(inputs.fields.map((f) => f.name)).toEqual(['inputs']);
      } finally {
        await desk.close();
        await o.pool.end();
      }
    }, 60_000);
  },
);
