// The default billing export follows the loaded route sheet's dialect: a German Excel's sheet
// (Windows-1252, ";", decimal comma, dotted dates) gets such an export back, read from real files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialectTemplate, sheetDialect, storedDialect } from '../../common/billing/export-dialect';
import { DEFAULT_EXPORT_TEMPLATE } from '../../common/billing/export-template';
import { defaultBillingTemplate, exportBilling } from '../../main/billing/billing-export';
import { billingRows } from '../../main/billing/meter-readings';
import { loadRouteSheet } from '../../main/billing/routes';
import { decodeWindows1252 } from '../../main/billing/windows-1252';
import { openStore, type Store } from '../../main/store/store';
import { tempDir } from '../helpers/tmp';
import { encodeWindows1252Strict } from './sheet-bytes';

const NOW = new Date('2026-11-23T12:00:00Z');

describe('sheetDialect', () => {
  const sample = (
    delimiter: string,
    rows: string[][],
    more: { encoding?: string; dateOrder?: 'day_first' | 'month_first' } = {},
  ) => ({
    encoding: more.encoding ?? 'utf-8',
    delimiter,
    headers: ['Zähler', 'Altstand', 'Datum alt', 'Schnitt'],
    sampleRows: rows,
    mapping: {
      version: 1 as const,
      fields: {
        meterId: 'Zähler',
        previousReading: 'Altstand',
        previousReadAt: 'Datum alt',
        avgDailyUse: 'Schnitt',
      },
      ...(more.dateOrder && { dateOrder: more.dateOrder }),
    },
  });

  it.each([
    [
      "a German Excel's sheet",
      sample(';', [['1', '00123,4', '12.10.2026', '0,35']], { encoding: 'windows-1252' }),
      { encoding: 'windows-1252', delimiter: ';', decimalMark: ',', dateFormat: 'dd.mm.yyyy' },
    ],
    [
      'a UTF-8 sheet with "," and ISO dates',
      sample(',', [['1', '00123.4', '2026-10-12', '0.35']]),
      { encoding: 'utf-8-bom', delimiter: ',', decimalMark: '.', dateFormat: 'iso' },
    ],
    [
      'month-first slashed dates',
      sample(',', [['1', '123.4', '10/12/2026', '']], { dateOrder: 'month_first' }),
      { encoding: 'utf-8-bom', delimiter: ',', decimalMark: '.', dateFormat: 'mm/dd/yyyy' },
    ],
    [
      'day-first slashed dates, tabs, UTF-16',
      sample('\t', [['1', '123,4', '12/10/2026', '']], { encoding: 'utf-16le' }),
      { encoding: 'utf-8-bom', delimiter: '\t', decimalMark: ',', dateFormat: 'dd/mm/yyyy' },
    ],
    [
      '"|" with decimal commas (not an export delimiter; "," would clash)',
      sample('|', [['1', '123,4', '', '']]),
      { encoding: 'utf-8-bom', delimiter: ';', decimalMark: ',', dateFormat: 'iso' },
    ],
    [
      'no decimals and no dates: what goes with ";"',
      sample(';', [['1', '00123', '', '']]),
      { encoding: 'utf-8-bom', delimiter: ';', decimalMark: ',', dateFormat: 'dd.mm.yyyy' },
    ],
  ])('%s', (_name, input, dialect) => {
    expect(sheetDialect(input)).toEqual(dialect);
  });

  it('keeps only what a template can hold from the stored value', () => {
    expect(storedDialect(null)).toBeNull();
    expect(storedDialect({ encoding: 'utf-16le', delimiter: ';' })).toBeNull();
    expect(dialectTemplate(null)).toBe(DEFAULT_EXPORT_TEMPLATE);
  });
});

describe('the default export of a loaded sheet', () => {
  let store: Store;
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => {
    ({ dir, cleanup } = tempDir('meterdesk-dialect-'));
    store = openStore(join(dir, 'queue.sqlite'));
  });
  afterEach(() => {
    store.close();
    cleanup();
  });

  async function load(name: string, bytes: Buffer): Promise<void> {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    const loaded = await loadRouteSheet(store, file, { name, now: NOW });
    expect(loaded.ok).toBe(true);
  }

  it('writes Windows-1252, ";", decimal comma and dotted dates for a German Excel sheet', async () => {
    await load(
      'tour.csv',
      encodeWindows1252Strict(
        'Zählernummer;Straße;Vorkommastellen;Nachkommastellen;Altstand;Letztes Ablesedatum\r\n' +
          'Z-1;Hauptstraße 1;5;3;00123,4;12.10.2026\r\n',
      ),
    );
    const out = join(dir, 'export.csv');
    const template = defaultBillingTemplate(store);
    await exportBilling(billingRows(store), out, template);
    const bytes = readFileSync(out);
    expect(bytes[0]).not.toBe(0xef); // no UTF-8 BOM
    const text = decodeWindows1252(bytes);
    const [row] = parse<Record<string, string>>(text, { delimiter: ';', columns: true });
    expect(row).toMatchObject({
      meter_id: 'Z-1',
      previous_reading: '00123,400',
      previous_read_at: '12.10.2026',
    });
    expect(text.split('\r\n')[0]).toBe(
      DEFAULT_EXPORT_TEMPLATE.columns.map((c) => c.header).join(';'),
    );
  });

  it('keeps the built-in default for a UTF-8 sheet with "," and ISO dates, and follows the latest sheet', async () => {
    await load(
      'a.csv',
      Buffer.from('meter_id,previous_reading,previous_read_at\r\n7,12.5,2026-10-12\r\n'),
    );
    expect(defaultBillingTemplate(store)).toEqual(DEFAULT_EXPORT_TEMPLATE);
    await load(
      'b.csv',
      Buffer.from('meter_id;previous_reading;previous_read_at\r\n8;12,5;12.10.2026\r\n'),
    );
    expect(defaultBillingTemplate(store)).toMatchObject({
      delimiter: ';',
      decimalMark: ',',
      dateFormat: 'dd.mm.yyyy',
      encoding: 'utf-8-bom',
    });
  });

  it('is the built-in default before any sheet is loaded', () => {
    expect(defaultBillingTemplate(store)).toBe(DEFAULT_EXPORT_TEMPLATE);
  });
});
