// Columns of the route sheet MeterDesk does not know (an order id, a note) are kept per meter
// when the sheet loads and carried into the export when the template names them, as written:
// read back from a real Windows-1252 file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateExportTemplate, type ExportTemplate } from '../../common/billing/export-template';
import { defaultBillingTemplate, exportBilling } from '../../main/billing/billing-export';
import { billingRows } from '../../main/billing/meter-readings';
import { loadRouteSheet } from '../../main/billing/routes';
import { decodeWindows1252 } from '../../main/billing/windows-1252';
import { openStore, type Store } from '../../main/store/store';
import { tempDir } from '../helpers/tmp';
import { encodeWindows1252Strict } from './sheet-bytes';

const NOW = new Date('2026-11-23T12:00:00Z');
let store: Store;
let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir('meterdesk-sheet-cells-'));
  store = openStore(join(dir, 'queue.sqlite'));
});
afterEach(() => {
  store.close();
  cleanup();
});

async function load(name: string, text: string): Promise<void> {
  const file = join(dir, name);
  writeFileSync(file, encodeWindows1252Strict(text));
  const loaded = await loadRouteSheet(store, file, { name, now: NOW });
  expect(loaded.ok).toBe(true);
}

const SHEET =
  'Zählernummer;Auftragsnummer;Altstand;Bemerkung\r\n' +
  'Z-1;A-0001;00123,4;Hund im Garten; bitte klingeln\r\n' +
  'Z-2;A-0002;00200,0;\r\n' +
  'Z-3;A-0003;00300,0;=HYPERLINK("x")\r\n';

describe('columns the sheet has and MeterDesk does not know', () => {
  it('are kept per meter and carried into the export as written', async () => {
    await load(
      'tour.csv',
      SHEET.replace('Hund im Garten; bitte klingeln', '"Hund im Garten; bitte klingeln"'),
    );
    expect(store.meters.otherHeaders()).toEqual(['Auftragsnummer', 'Bemerkung']);
    expect(store.meters.get('Z-2')?.sheetCells).toEqual({ Auftragsnummer: 'A-0002' });
    const template: ExportTemplate = {
      ...defaultBillingTemplate(store),
      columns: [
        { field: 'meter_id', header: 'Zähler' },
        { field: 'sheet', source: 'Auftragsnummer', header: 'Auftrag' },
        { field: 'reading', header: 'Stand' },
        { field: 'sheet', source: 'Bemerkung', header: 'Bemerkung' },
      ],
    };
    expect(validateExportTemplate(template).ok).toBe(true);
    const out = join(dir, 'export.csv');
    await exportBilling(billingRows(store), out, template);
    const text = decodeWindows1252(readFileSync(out));
    expect(text.split('\r\n')[0]).toBe('Zähler;Auftrag;Stand;Bemerkung');
    expect(parse<Record<string, string>>(text, { delimiter: ';', columns: true })).toEqual([
      { Zähler: 'Z-1', Auftrag: 'A-0001', Stand: '', Bemerkung: 'Hund im Garten; bitte klingeln' },
      { Zähler: 'Z-2', Auftrag: 'A-0002', Stand: '', Bemerkung: '' },
      // A formula in the sheet is text in the export, never something a spreadsheet runs.
      { Zähler: 'Z-3', Auftrag: 'A-0003', Stand: '', Bemerkung: `'=HYPERLINK("x")` },
    ]);
  });

  it('follow a newer sheet: its cells replace the old ones', async () => {
    await load('a.csv', 'Zählernummer;Auftragsnummer\r\nZ-1;A-0001\r\n');
    await load('b.csv', 'Zählernummer;Notiz\r\nZ-1;Schlüssel beim Nachbarn\r\n');
    expect(store.meters.otherHeaders()).toEqual(['Notiz']);
    expect(store.meters.get('Z-1')?.sheetCells).toEqual({ Notiz: 'Schlüssel beim Nachbarn' });
  });

  it('a template names the sheet column it carries; a file without one is refused', () => {
    const base = { version: 1, name: 't' };
    expect(
      validateExportTemplate({ ...base, columns: [{ field: 'sheet', header: 'Auftrag' }] }).ok,
    ).toBe(false);
    expect(
      validateExportTemplate({
        ...base,
        columns: [{ field: 'meter_id', source: 'Auftrag', header: 'id' }],
      }).ok,
    ).toBe(false);
    expect(
      validateExportTemplate({
        ...base,
        columns: [{ field: 'sheet', source: 'Auf\ntrag', header: 'Auftrag' }],
      }).ok,
    ).toBe(false);
  });
});
