// Issue 30, item 8: a desk's own field list (`routes --missing` without an office) in the dialect
// its sheet came in, as the office's list is (test/office/office-missing.test.ts) and by the same
// writer (missing-export.ts): a German Excel's sheet (Windows-1252, ";", decimal comma, 02.01.2026)
// gets a Windows-1252 list with ";", decimal commas and dotted dates, checked byte by byte. A queue
// whose sheet was loaded by a version that kept no dialect still gets UTF-8, commas, ISO dates.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHEET_DIALECT_SETTING } from '../../common/billing/export-dialect';
import { loadRouteSheet } from '../../main/billing/routes';
import { encodeWindows1252 } from '../../main/billing/windows-1252';
import { main } from '../../main/cli/main';
import { openStore } from '../../main/store/store';
import { captureIo } from '../helpers/cli-io';
import { tempDir } from '../helpers/tmp';

const NOW = new Date('2026-03-02T08:00:00Z');
const SHEET = [
  'Zählernummer;Kundennummer;Anschrift;Tour;Reihenfolge;Altstand;Letztes Ablesedatum',
  'M1;K-1;Müllerstraße 1;Nord;1;00123,4;02.01.2026',
  'M2;K-2;Weg 2;Nord;2;00045,0;03.01.2026',
];
const HEADER =
  'meter_id,account,address,route,sequence,why,visit,photo,previous_reading,previous_read_at';

let t: ReturnType<typeof tempDir>;
let db: string;

beforeEach(async () => {
  t = tempDir('meterdesk-field-dialect-');
  db = join(t.dir, 'queue.sqlite');
  const sheet = join(t.dir, 'Tour Nord.csv');
  writeFileSync(sheet, encodeWindows1252(`${SHEET.join('\r\n')}\r\n`));
  const store = openStore(db);
  try {
    const loaded = await loadRouteSheet(store, sheet, { name: 'Tour Nord.csv', now: NOW });
    expect(loaded.ok).toBe(true);
  } finally {
    store.close();
  }
});

afterEach(() => {
  t.cleanup();
});

async function fieldList(): Promise<Buffer> {
  const out = join(t.dir, 'field list.csv');
  const io = captureIo({});
  expect(await main(['routes', '--db', db, '--missing', out], io), io.all()).toBe(0);
  expect(io.stdout()).toContain(`2 missing meters written to ${out}`);
  return readFileSync(out);
}

describe('a desk’s own field list', () => {
  it('is written in the dialect its German sheet came in', async () => {
    const bytes = await fieldList();
    const lines = [
      HEADER.replaceAll(',', ';'),
      // A cell with a comma is quoted, as in the billing export (export-line.ts).
      'M1;K-1;Müllerstraße 1;Nord;1;No photo of this meter.;no_reading;;"00123,4";02.01.2026',
      'M2;K-2;Weg 2;Nord;2;No photo of this meter.;no_reading;;"00045,0";03.01.2026',
    ];
    // Windows-1252: "ü" and "ß" one byte each, no byte order mark.
    expect(bytes).toEqual(Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
    expect(bytes.includes(Buffer.from([0xfc]))).toBe(true);
  });

  it('without a stored dialect (a sheet loaded by an older version): UTF-8, commas, ISO dates', async () => {
    const store = openStore(db);
    try {
      store.settings.delete(SHEET_DIALECT_SETTING);
    } finally {
      store.close();
    }
    const bytes = await fieldList();
    const lines = [
      HEADER,
      'M1,K-1,Müllerstraße 1,Nord,1,No photo of this meter.,no_reading,,00123.4,2026-01-02',
      'M2,K-2,Weg 2,Nord,2,No photo of this meter.,no_reading,,00045.0,2026-01-03',
    ];
    expect(bytes).toEqual(Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'));
  });
});
