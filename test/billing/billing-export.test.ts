import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_TEMPLATE, type ExportTemplate } from '../../common/billing/export-template';
import { billingCell } from '../../common/billing/export-line';
import { exportBilling, UnencodableError } from '../../main/billing/billing-export';
import { CsvExportError } from '../../main/export/csv';
import { decodeWindows1252 } from '../../main/billing/windows-1252';
import { useTempDirPerTest } from '../helpers/temp-dir-per-test';
import { billingRow } from './billing-rows';

const tmp = useTempDirPerTest('meterdesk-billing-');

const GERMAN: ExportTemplate = {
  version: 1,
  name: 'SAP IS-U Upload',
  columns: [
    { field: 'meter_id', header: 'Zählernummer' },
    { field: 'read_at', header: 'Ablesedatum' },
    { field: 'reading', header: 'Zählerstand' },
    { field: 'consumption', header: 'Verbrauch' },
    { field: 'address', header: 'Straße' },
    { field: 'use_on_bill', header: 'Abrechnen' },
    { field: 'reasons', header: 'Gründe' },
  ],
  delimiter: ';',
  decimalMark: ',',
  dateFormat: 'dd.mm.yyyy',
  includeTime: false,
  encoding: 'windows-1252',
  unencodable: 'error',
  includeUnmatched: false,
};

/** The office's time zone of these tests: read_at is written in it. */
const BERLIN = { timeZone: 'Europe/Berlin' };

function target(name = 'out.csv'): string {
  return path.join(tmp.dir, name);
}

describe('the default template', () => {
  it('writes exactly the agreed header line, after a UTF-8 BOM', async () => {
    await exportBilling([], target());
    const bytes = readFileSync(target());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'meter_id,account,route,sequence,read_at,reading,ai_reading,confirmation,read_type,skip_code,consumption,previous_reading,previous_read_at,plausibility,reasons,use_on_bill,photo,photo_sha256,task_id\r\n',
    );
  });

  it('writes one row per meter with "." decimals, register decimals and leading zeros', async () => {
    const result = await exportBilling([billingRow()], target(), undefined, BERLIN);
    expect(result).toEqual({ path: target(), rows: 1, unmatched: 0, replaced: 0 });
    const [, line] = readFileSync(target(), 'utf8').slice(1).split('\r\n');
    expect(line).toBe(
      `000451,4711,R12,3,2026-11-11T09:30:15+01:00,00127.500,00127.5,auto_accepted,actual,,27.500,00100.000,2026-10-12,ok,,yes,R12/000451_20261111.jpg,${'ab'.repeat(32)},task-1`,
    );
  });

  it('writes skipped meters with their code and no reading', async () => {
    const skipped = billingRow({
      reading: null,
      aiReading: '-',
      readType: 'no_read',
      skipCode: 'dog',
      consumption: null,
      confirmation: null,
      plausibility: null,
      useOnBill: false,
      reasons: 'Not read: dog in the garden.',
    });
    await exportBilling([skipped], target());
    const rows = parse<Record<string, string>>(readFileSync(target(), 'utf8').slice(1), {
      columns: true,
    });
    expect(rows[0]).toMatchObject({
      reading: '',
      ai_reading: '',
      read_type: 'no_read',
      skip_code: 'dog',
      consumption: '',
      use_on_bill: 'no',
      reasons: 'Not read: dog in the garden.',
    });
  });
});

describe('hostile values', () => {
  it('neutralises formulas in text but leaves numbers alone, and reads back intact', async () => {
    const row = billingRow({
      meterId: '=HYPERLINK("http://evil","click")',
      account: '+1+1',
      route: '@SUM(A1)',
      reasons: 'a;b,"c"\nd',
      consumption: -3,
      registerDecimals: 0,
      reading: '00097',
    });
    await exportBilling([row], target());
    const rows = parse<Record<string, string>>(readFileSync(target(), 'utf8').slice(1), {
      columns: true,
    });
    expect(rows[0]).toMatchObject({
      meter_id: `'=HYPERLINK("http://evil","click")`,
      account: "'+1+1",
      route: "'@SUM(A1)",
      reasons: 'a;b,"c"\nd',
      consumption: '-3',
      reading: '00097',
    });
  });

  it('quotes tabs in a tab-separated file', () => {
    expect(billingCell('a\tb', 'text', '\t')).toBe('"a\tb"');
    expect(billingCell('a\tb', 'text', ',')).toBe('a\tb');
    expect(billingCell('-12,5', 'number', ';')).toBe('-12,5');
    expect(billingCell('-1+2', 'number', ';')).toBe("'-1+2");
  });
});

describe('a German template (";", ",", dd.mm.yyyy, Windows-1252)', () => {
  it('round-trips through a real CSV parser', async () => {
    const rows = [
      billingRow(),
      billingRow({
        meterId: 'ZR-77',
        address: 'Gärtnerweg 5 "Hinterhaus"; 2. OG',
        readAt: '2026-11-12T07:00:00',
        reading: '012345',
        registerDecimals: 0,
        consumption: 1234,
        useOnBill: false,
        reasons: 'Verbrauch zu hoch – prüfen',
      }),
    ];
    await exportBilling(rows, target(), GERMAN);
    const bytes = readFileSync(target());
    expect(bytes[0]).not.toBe(0xef);
    // ß, ä and – as single Windows-1252 bytes.
    expect([0xdf, 0xe4, 0x96].map((b) => bytes.includes(b))).toEqual([true, true, true]);
    expect(bytes.includes(0xc3)).toBe(false); // no UTF-8 lead bytes
    const text = decodeWindows1252(bytes);
    const parsed = parse<Record<string, string>>(text, { delimiter: ';', columns: true });
    expect(parsed).toEqual([
      {
        Zählernummer: '000451',
        Ablesedatum: '11.11.2026',
        Zählerstand: '00127,500',
        Verbrauch: '27,500',
        Straße: 'Hauptstraße 1',
        Abrechnen: 'yes',
        Gründe: '',
      },
      {
        Zählernummer: 'ZR-77',
        Ablesedatum: '12.11.2026',
        Zählerstand: '012345',
        Verbrauch: '1234',
        Straße: 'Gärtnerweg 5 "Hinterhaus"; 2. OG',
        Abrechnen: 'no',
        Gründe: 'Verbrauch zu hoch – prüfen',
      },
    ]);
  });

  it('refuses a character Windows-1252 cannot hold, naming the cell, and leaves no file', async () => {
    const rows = [billingRow(), billingRow({ address: 'ulica Łódzka 3' })];
    const error = await exportBilling(rows, target(), GERMAN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnencodableError);
    expect((error as Error).message).toBe(
      'Row 3, column E (Straße): "Ł" cannot be written in Windows-1252. Choose UTF-8 in the template, or let it write "?" for such characters.',
    );
    expect(readdirSync(tmp.dir)).toEqual([]);
  });

  it('writes "?" instead when the template says so, and counts them', async () => {
    const result = await exportBilling([billingRow({ address: 'ulica Łódź 3' })], target(), {
      ...GERMAN,
      unencodable: 'replace',
    });
    expect(result.replaced).toBe(2);
    expect(decodeWindows1252(readFileSync(target()))).toContain('ulica ?ód? 3');
  });
});

describe('other template choices', () => {
  it('writes US dates with time, tabs, UTF-8 without BOM', async () => {
    const template: ExportTemplate = {
      ...DEFAULT_EXPORT_TEMPLATE,
      delimiter: '\t',
      dateFormat: 'mm/dd/yyyy',
      encoding: 'utf-8',
      columns: [
        { field: 'read_at', header: 'Read' },
        { field: 'previous_read_at', header: 'Prev' },
        { field: 'address', header: 'Addr' },
      ],
    };
    await exportBilling([billingRow({ address: 'a\tb' })], target(), template, BERLIN);
    expect(readFileSync(target(), 'utf8')).toBe(
      'Read\tPrev\tAddr\r\n11/11/2026 09:30:15\t10/12/2026\t"a\tb"\r\n',
    );
  });

  it('adds unmatched photos only when asked, clearly marked', async () => {
    const photo = billingRow({
      meterId: null,
      account: null,
      route: null,
      sequence: null,
      unmatched: true,
      plausibility: null,
      useOnBill: true,
      reasons: '',
      photo: 'R12\\IMG_0001.jpg',
    });
    const columns = [
      { field: 'meter_id', header: 'meter_id' },
      { field: 'plausibility', header: 'plausibility' },
      { field: 'use_on_bill', header: 'use_on_bill' },
      { field: 'unmatched', header: 'unmatched' },
      { field: 'reasons', header: 'reasons' },
      { field: 'photo', header: 'photo' },
    ] as const;
    const without = await exportBilling([billingRow(), photo], target('a.csv'), {
      ...DEFAULT_EXPORT_TEMPLATE,
      columns: [...columns],
    });
    expect(without).toMatchObject({ rows: 1, unmatched: 0 });
    const withThem = await exportBilling([billingRow(), photo], target('b.csv'), {
      ...DEFAULT_EXPORT_TEMPLATE,
      columns: [...columns],
      includeUnmatched: true,
    });
    expect(withThem).toMatchObject({ rows: 2, unmatched: 1 });
    expect(readFileSync(target('b.csv'), 'utf8').split('\r\n')[2]).toBe(
      ',error,no,yes,Unmatched photo: no meter of the route sheet.,R12/IMG_0001.jpg',
    );
  });
});

describe('the file appears complete or not at all', () => {
  it('keeps the previous file when the rows fail midway', async () => {
    writeFileSync(target(), 'previous export');
    async function* rows() {
      yield await Promise.resolve(billingRow());
      throw new Error('store went away');
    }
    await expect(exportBilling(rows(), target())).rejects.toThrow('store went away');
    expect(readFileSync(target(), 'utf8')).toBe('previous export');
    expect(readdirSync(tmp.dir)).toEqual(['out.csv']);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    function* rows() {
      yield billingRow();
      controller.abort(new Error('cancelled by the clerk'));
      yield billingRow({ meterId: '2' });
    }
    await expect(
      exportBilling(rows(), target(), DEFAULT_EXPORT_TEMPLATE, { signal: controller.signal }),
    ).rejects.toThrow('cancelled by the clerk');
    expect(existsSync(target())).toBe(false);
  });

  it('says plainly when the folder is missing or the target is a folder', async () => {
    await expect(exportBilling([], path.join(tmp.dir, 'nope', 'x.csv'))).rejects.toThrow(
      CsvExportError,
    );
    await expect(exportBilling([], path.join(tmp.dir, 'nope', 'x.csv'))).rejects.toThrow(
      'does not exist',
    );
    mkdirSync(target('folder.csv'));
    await expect(exportBilling([], target('folder.csv'))).rejects.toThrow(
      'a folder with that name already exists',
    );
  });
});
