// The round trip through the command line, against the sandbox over real HTTP: an SAP order file
// (recognised by its content) loaded by `meter-desk run PHOTOS --route ORDERS`, the photos named
// after the meters read, then `meter-desk export OUT --return-file`: readings and dates in, the
// duplicate and the trailer reported, the meter without a photo byte-identical, 0 bytes changed
// outside the filled fields. An office's own profile (--route-format path.json) that maps no
// "high" code refuses the return with exit 2 and writes nothing.
import { existsSync, readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { officeStamp, officeTimeZone } from '../../../common/billing/export-read-at';
import { builtinProfile } from '../../../common/billing/order-files/builtin-profiles';
import { main } from '../../../main/cli/main';
import { captureIo } from '../../helpers/cli-io';
import { harness, type Harness } from '../../helpers/engine-harness';
import { byteDiff } from './byte-diff';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const TAKEN = new Date('2026-10-20T07:15:30Z');
const HEADER =
  'MRIDNUMBER;SERIALNO;REGISTER;MRREASON;TARGETMRDATE;STANZVOR;STANZNAC;PREVMRRESULT;PREVMRDATE;E_ZWSTERW;LOWERLIMIT;UPPERLIMIT;STREET;CITY;NOTE;METERREADER;READINGRESULT;METERREADINGNOTE;ISTABLART;ACTUALMRDATE;ACTUALMRTIME;MRDATEFORBILLING';

interface Meter {
  serial: string;
  reading: string | null;
  line: number;
}

/** Photos renamed after their meters, and an SAP order file for them (plus one meter unread). */
function orderFile(hh: Harness): { file: string; meters: Meter[]; duplicateLine: number } {
  const photos = hh.manifest.files.filter(
    (f) => f.expected.outcome === 'accepted' && f.reading && f.duplicateOf === null,
  );
  const lines = ['* Ableseaufträge Müllheim', HEADER];
  const meters: Meter[] = [];
  const row = (doc: string, serial: string, reading: string, high: boolean): string => {
    const [whole = '', frac = ''] = reading.split('.');
    const value = Number(reading);
    const previous = Math.max(0, value - 20);
    const mark = (v: number): string => v.toFixed(frac.length).replace('.', ',');
    const upper = high ? previous + 1 : value + 1000;
    return [
      doc,
      serial,
      '001',
      '01',
      '20261020',
      String(whole.length).padStart(2, '0'),
      String(frac.length),
      mark(previous),
      '20260920',
      '',
      mark(previous),
      mark(upper),
      'Hauptstraße 1',
      'Müllheim',
      'Hund  ',
      'MUELLER',
      '',
      '',
      '',
      '',
      '',
      '',
    ].join(';');
  };
  photos.forEach((f, i) => {
    const serial = `0${String(3300100 + i)}`;
    const renamed = `${serial}_20261020.jpg`;
    renameSync(join(hh.photos, f.relPath), join(hh.photos, renamed));
    utimesSync(join(hh.photos, renamed), TAKEN, TAKEN);
    lines.push(row(String(880000 + i).padStart(20, '0'), serial, f.reading ?? '0', i === 0));
    meters.push({ serial, reading: f.reading, line: lines.length });
  });
  lines.push(row('00000000000000889999', '09999999', '00100.5', false));
  meters.push({ serial: '09999999', reading: null, line: lines.length });
  lines.push(row(String(880001).padStart(20, '0'), meters[1]?.serial ?? '', '00100.5', false));
  const duplicateLine = lines.length;
  lines.push('*END;3');
  const file = join(hh.dir, 'MR_ORDERS.csv');
  writeFileSync(file, Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
  return { file, meters, duplicateLine };
}

function env(hh: Harness): Record<string, string> {
  return { METER_DESK_BASE_URL: hh.sandbox.url, METER_DESK_API_KEY: hh.sandbox.apiKey };
}

it('loads an SAP order file as the route and gives it back with the readings in', async () => {
  h = await harness({ photos: 6, duplicates: 0, subfolders: false });
  const { file, meters, duplicateLine } = orderFile(h);
  const run = captureIo(env(h));
  expect(await main(['run', h.photos, '--route', file, '--db', h.dbFile], run), run.all()).toBe(0);
  expect(run.stderr()).toMatch(/Order file MR_ORDERS\.csv \(sap-isu, sha256 [0-9a-f]{12}\)/);
  expect(run.stderr()).toContain(
    `exception: duplicate_key 00000000000000880001 (line ${String(duplicateLine)})`,
  );

  const out = join(h.dir, 'MR_RESULTS.csv');
  const exp = captureIo(env(h));
  expect(await main(['export', out, '--return-file', '--db', h.dbFile], exp), exp.all()).toBe(0);
  expect(exp.stdout()).toMatch(/exception: not_read 00000000000000889999 \(line \d+\): Not read/);
  const before = readFileSync(file);
  const after = readFileSync(out);
  const profile = builtinProfile('sap-isu');
  if (!profile) throw new Error('sap-isu');
  const diff = byteDiff(profile, before, after);
  expect(diff.changedOutside, diff.firstDifference ?? '').toBe(0);
  const local = officeStamp(TAKEN.toISOString(), officeTimeZone());
  const lines = after.toString('latin1').split('\r\n');
  for (const m of meters) {
    const cells = lines[m.line - 1]?.split(';') ?? [];
    if (m.reading === null) {
      expect(lines[m.line - 1]).toBe(before.toString('latin1').split('\r\n')[m.line - 1]);
      continue;
    }
    const [whole = '', frac = ''] = m.reading.split('.');
    const expected = `${whole.replace(/^0+(?=\d)/, '')}${frac ? `,${frac}` : ''}`;
    expect(cells[16], m.serial).toBe(expected);
    expect(cells[17], m.serial).toBe(m === meters[0] ? 'H1' : '');
    expect(cells[18]).toBe('01');
    expect(cells[19]).toBe(local?.date.replaceAll('-', ''));
    expect(cells[20]).toBe(local?.time?.replaceAll(':', ''));
  }
  const exceptions = readFileSync(join(h.dir, 'MR_RESULTS.exceptions.csv'), 'utf8');
  expect(exceptions).toContain(`duplicate_key,00000000000000880001,${String(duplicateLine)},`);
  expect(exceptions).toMatch(/not_an_order,,1,/);
  // Read once: the return cost no second upload.
  expect(h.sandbox.ledger.counts().tasksCreated).toBe(meters.length - 1);

  // The office's own layout, as a file: the same fields, but no code for a reading above its limit.
  const own = JSON.parse(JSON.stringify(profile)) as typeof profile;
  own.name = 'our-sap';
  const note = own.fills.find((f) => f.value === 'readCode');
  if (note?.codes) delete note.codes.high;
  const ownFile = join(h.dir, 'our-sap.json');
  writeFileSync(ownFile, JSON.stringify(own));
  const again = captureIo(env(h));
  expect(
    await main(
      ['run', h.photos, '--route', file, '--route-format', ownFile, '--db', h.dbFile],
      again,
    ),
    again.all(),
  ).toBe(0);
  expect(again.stderr()).toContain('(our-sap, sha256');
  const refused = join(h.dir, 'REFUSED.csv');
  const no = captureIo(env(h));
  expect(await main(['export', refused, '--return-file', '--db', h.dbFile], no)).toBe(2);
  expect(no.stderr()).toContain(`meter ${meters[0]?.serial ?? ''}`);
  expect(no.stderr()).toMatch(
    /needs a high code, and the profile our-sap has none for it\. Nothing was written\./,
  );
  expect(existsSync(refused)).toBe(false);
  expect(existsSync(join(h.dir, 'REFUSED.exceptions.csv'))).toBe(false);
});
