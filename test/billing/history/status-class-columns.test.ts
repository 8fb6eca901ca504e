// The route sheet's account status and rate class are fields of a meter (issue 33, item 2):
// recognised by English and German headers, a vacancy column's yes/no read as a status, a cell
// that is no status named by its row, and the values kept by the queue across a reload.
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { suggestMapping } from '../../../common/billing/column-mapping';
import { describeProblems } from '../../../common/billing/row-problem-english';
import { parseRouteSheetBytes } from '../../../main/billing/route-sheet';
import { openStore } from '../../../main/store/store';
import { tempDir } from '../../helpers/tmp';

const dirs: { cleanup: () => void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.cleanup();
});

it('maps Kundenstatus, Status seit and Verbrauchsgruppe, and Leerstand/Tarif, by themselves', () => {
  expect(
    suggestMapping(['Zählernummer', 'Kundenstatus', 'Status seit', 'Verbrauchsgruppe']).mapping
      .fields,
  ).toEqual({
    meterId: 'Zählernummer',
    accountStatus: 'Kundenstatus',
    statusSince: 'Status seit',
    meterClass: 'Verbrauchsgruppe',
  });
  expect(suggestMapping(['Meter', 'Leerstand', 'Tarif']).mapping.fields).toEqual({
    meterId: 'Meter',
    accountStatus: 'Leerstand',
    meterClass: 'Tarif',
  });
  expect(
    suggestMapping(['meter id', 'Account status', 'Vacant since', 'Rate class']).mapping.fields,
  ).toEqual({
    meterId: 'meter id',
    accountStatus: 'Account status',
    statusSince: 'Vacant since',
    meterClass: 'Rate class',
  });
  // A bare "Status" is a job's status as often as an account's: not taken by itself.
  expect(suggestMapping(['Meter', 'Status']).mapping.fields).toEqual({ meterId: 'Meter' });
});

it('reads statuses in both languages, a vacancy column yes/no, and names a cell that is neither', () => {
  const sheet = (text: string): Uint8Array => new TextEncoder().encode(text);
  const ok = parseRouteSheetBytes(
    sheet(
      'Zähler;Leerstand;Tarif;Leerstand seit\nA;ja;Garten;01.03.2026\nB;nein;Haushalt;\nC;;Haushalt;\n',
    ),
    {
      version: 1,
      fields: {
        meterId: 'Zähler',
        accountStatus: 'Leerstand',
        meterClass: 'Tarif',
        statusSince: 'Leerstand seit',
      },
    },
  );
  expect(
    ok.ok && ok.meters.map((m) => [m.meterId, m.accountStatus, m.statusSince, m.meterClass]),
  ).toEqual([
    ['A', 'vacant', '2026-03-01', 'Garten'],
    ['B', 'active', null, 'Haushalt'],
    ['C', null, null, 'Haushalt'],
  ]);
  const bad = parseRouteSheetBytes(sheet('meter,account status\nA,vacant\nB,aktiv\nC,maybe\n'), {
    version: 1,
    fields: { meterId: 'meter', accountStatus: 'account status' },
  });
  expect(bad.ok).toBe(false);
  if (bad.ok) return;
  expect(describeProblems(bad.problems, bad.moreProblems).join('\n')).toContain(
    '"maybe" is not an account status (write active or vacant; aktiv or Leerstand)',
  );
});

it('keeps status, since and class in the queue', () => {
  const t = tempDir('meterdesk-status-');
  dirs.push(t);
  const store = openStore(join(t.dir, 'queue.sqlite'));
  try {
    const parsed = parseRouteSheetBytes(
      new TextEncoder().encode(
        'meter,kundenstatus,status seit,tarif\nA,Leerstand,2026-03-01,Garten\nB,aktiv,,Haushalt\n',
      ),
      {
        version: 1,
        fields: {
          meterId: 'meter',
          accountStatus: 'kundenstatus',
          statusSince: 'status seit',
          meterClass: 'tarif',
        },
      },
    );
    if (!parsed.ok) throw new Error('the sheet did not load');
    store.meters.loadSheet(
      { name: 'r.csv', mapping: { version: 1, fields: {} }, encoding: 'utf-8', delimiter: ',' },
      parsed.meters,
    );
    expect(store.meters.get('A')).toMatchObject({
      accountStatus: 'vacant',
      statusSince: '2026-03-01',
      meterClass: 'Garten',
    });
    expect(store.meters.get('B')).toMatchObject({
      accountStatus: 'active',
      meterClass: 'Haushalt',
    });
    expect(store.meters.get('B')?.statusSince).toBeUndefined();
  } finally {
    store.close();
  }
});
