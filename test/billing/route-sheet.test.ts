import { truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ColumnMapping } from '../../common/billing/column-mapping';
import { encodingGuessEnglish } from '../../common/billing/encoding-guess';
import { MAX_SHEET_BYTES, MAX_SHEET_ROWS } from '../../common/billing/route-sheet-limits';
import {
  inspectRouteSheet,
  inspectRouteSheetBytes,
  parseRouteSheet,
  parseRouteSheetBytes,
  type ParseResult,
} from '../../main/billing/route-sheet';
import { tempDir } from '../helpers/tmp';
import { encodeWindows1252Strict, utf16 } from './sheet-bytes';
import { describeProblems, rowProblemEnglish } from '../../common/billing/row-problem-english';

const HEADER =
  'meter_id,account,address,digits,decimals,previous_reading,previous_read_at,avg_daily_use';
const MAPPING: ColumnMapping = {
  version: 1,
  fields: {
    meterId: 'meter_id',
    account: 'account',
    address: 'address',
    registerDigits: 'digits',
    registerDecimals: 'decimals',
    previousReading: 'previous_reading',
    previousReadAt: 'previous_read_at',
    avgDailyUse: 'avg_daily_use',
  },
};

const ID_ONLY: ColumnMapping = { version: 1, fields: { meterId: 'meter_id' } };

function utf8(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}

function parseOk(bytes: Uint8Array, mapping: ColumnMapping = MAPPING) {
  const result = parseRouteSheetBytes(bytes, mapping);
  if (!result.ok) throw new Error(result.problems.map(rowProblemEnglish).join('\n'));
  return result;
}

function problemsOf(result: ParseResult): string[] {
  if (result.ok) throw new Error('expected the sheet to be refused');
  return result.problems.map(rowProblemEnglish);
}

describe('route sheets: encodings', () => {
  const text = `meter_id;address\r\n00123;Straße 5\r\n`;

  it.each([
    ['UTF-8 without BOM', utf8(text), 'utf-8'],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(text)]), 'utf-8'],
    ['UTF-16 LE with BOM', utf16(text, 'le', true), 'utf-16le'],
    ['UTF-16 BE with BOM', utf16(text, 'be', true), 'utf-16be'],
    ['UTF-16 LE without BOM', utf16(text, 'le', false), 'utf-16le'],
    ['Windows-1252', encodeWindows1252Strict(text), 'windows-1252'],
  ])('reads %s', (_name, bytes, encoding) => {
    const result = parseOk(bytes, {
      version: 1,
      fields: { meterId: 'meter_id', address: 'address' },
    });
    expect(result.encoding).toBe(encoding);
    expect(result.meters[0]).toMatchObject({ meterId: '00123', address: 'Straße 5' });
  });

  it('decodes the Windows-1252 characters Latin-1 lacks (€, „, –)', () => {
    const bytes = encodeWindows1252Strict('meter_id;address\r\n7;„Zur Post“ – 5 €\r\n');
    expect(bytes.includes(0x80)).toBe(true);
    const result = parseOk(bytes, {
      version: 1,
      fields: { meterId: 'meter_id', address: 'address' },
    });
    expect(result.meters[0]?.address).toBe('„Zur Post“ – 5 €');
  });

  it('says when it guessed Windows-1252 and points at a cell to check', () => {
    const result = inspectRouteSheetBytes(encodeWindows1252Strict(text));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.encodingGuess).toEqual({
      encoding: 'windows-1252',
      example: { row: 2, column: 'B', header: 'address', text: 'Straße 5' },
    });
    // The CLI's English, from the one template.
    const said = encodingGuessEnglish(
      result.encodingGuess ?? { encoding: 'windows-1252', example: null },
    );
    expect(said).toContain('it was read as Windows-1252');
    expect(said).toContain('row 2, column B (address): "Straße 5"');
  });

  it('refuses a BOM-marked UTF-8 file with broken bytes, naming the line', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      utf8('meter_id\n1\n'),
      Buffer.from([0x32, 0xdf, 0x0a]),
    ]);
    expect(problemsOf(parseRouteSheetBytes(bytes, MAPPING))).toEqual([
      expect.stringContaining('not valid UTF-8 (first bad byte on line 3)'),
    ]);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'The file is empty.'],
    ['an xlsx workbook', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'Excel workbook (.xlsx)'],
    ['an old xls workbook', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), 'old Excel workbook'],
    ['a binary file', Buffer.from([0x41, 0x00, 0x00, 0x42, 0x43, 0x00, 0x44]), 'NUL bytes'],
    ['only blank lines', utf8('\r\n\r\n  \r\n'), 'The file has no rows.'],
    ['a header only', utf8(`${HEADER}\r\n`), 'a header row but no meters'],
    ['a header and blank rows', utf8(`${HEADER}\r\n,,,,,,,\r\n`), 'a header row but no meters'],
  ])('refuses %s', (_name, bytes, message) => {
    expect(problemsOf(parseRouteSheetBytes(bytes, MAPPING))).toEqual([
      expect.stringContaining(message),
    ]);
  });
});

describe('route sheets: delimiters and quoting', () => {
  it.each([
    [',', 'meter_id,address,avg_daily_use\n7,"Main St 1, rear",0.9\n'],
    [';', 'meter_id;address;avg_daily_use\n7;Main St 1, rear;0,9\n'],
    ['\t', 'meter_id\taddress\tavg_daily_use\n7\tMain St 1, rear\t0,9\n'],
    ['|', 'meter_id|address|avg_daily_use\n7|Main St 1, rear|0.9\n'],
  ])('sniffs %j', (delimiter, text) => {
    const result = parseOk(utf8(text), {
      version: 1,
      fields: { meterId: 'meter_id', address: 'address', avgDailyUse: 'avg_daily_use' },
    });
    expect(result.delimiter).toBe(delimiter);
    expect(result.meters).toEqual([
      expect.objectContaining({ meterId: '7', address: 'Main St 1, rear', avgDailyUse: 0.9 }),
    ]);
  });

  it('keeps embedded line breaks and doubled quotes, and numbers rows as Excel does', () => {
    const text = `meter_id;address;avg_daily_use\r\n1;"Hof ""Linde""\r\n2. OG";0,5\r\n2;x;abc\r\n`;
    const result = parseRouteSheetBytes(utf8(text), {
      version: 1,
      fields: { meterId: 'meter_id', address: 'address', avgDailyUse: 'avg_daily_use' },
    });
    // The first meter spans two lines of the file but one row of the sheet: the bad one is row 3.
    expect(problemsOf(result)).toEqual([
      'Row 3, column C (avg_daily_use): average daily use: "abc" is not a number.',
    ]);
    const fixed = parseOk(utf8(text.replace('abc', '1')), {
      version: 1,
      fields: { meterId: 'meter_id', address: 'address' },
    });
    expect(fixed.meters[0]?.address).toBe('Hof "Linde"\r\n2. OG');
  });

  it('reports an unclosed quote with the row it starts in', () => {
    const result = parseRouteSheetBytes(
      utf8('meter_id,address\n1,a\n2,"never closed\n3,b\n'),
      MAPPING,
    );
    expect(problemsOf(result)).toEqual([
      expect.stringMatching(/^Row 3: a quoted value .* never closed/),
    ]);
  });
});

describe('route sheets: values and problems', () => {
  it('loads a full German sheet with leading zeros, decimal commas and dotted dates', () => {
    const text = [
      'Zählernummer;Konto;Adresse;Vorkommastellen;Nachkommastellen;Altstand;Letztes Ablesedatum;Tagesdurchschnitt;Route;Reihenfolge',
      '000451;4711;"Hauptstraße 1";5;3;00123,456;12.10.2026;0,9;R12;3',
      'ZR-77;;=HYPERLINK("http://evil","x");6;0;000017;01.02.2026;;R12;1',
    ].join('\r\n');
    const result = parseOk(
      encodeWindows1252Strict(text),
      inspectMapping(encodeWindows1252Strict(text)),
    );
    expect(result.meters).toEqual([
      {
        meterId: '000451',
        account: '4711',
        address: 'Hauptstraße 1',
        route: 'R12',
        sequence: 3,
        registerDigits: 5,
        registerDecimals: 3,
        previousReading: '00123,456',
        previousReadingValue: 123.456,
        previousReadAt: '2026-10-12',
        avgDailyUse: 0.9,
      },
      {
        meterId: 'ZR-77',
        account: null,
        // A formula is text like any other; the export neutralises it.
        address: '=HYPERLINK("http://evil","x")',
        route: 'R12',
        sequence: 1,
        registerDigits: 6,
        registerDecimals: 0,
        previousReading: '000017',
        previousReadingValue: 17,
        previousReadAt: '2026-02-01',
        avgDailyUse: null,
      },
    ]);
  });

  it('reports every problem with its row, column letter and header, and loads nothing', () => {
    const text = [
      HEADER,
      '100,A1,,5,0,00012,2026-10-01,0.5',
      '101,A2,,5,0,12a,2026-13-01,-1',
      '100,A3,,5,0,00013,2026-10-01,0.5',
      '=1+2,A4,,5,0,1,,',
      '1.23457E+14,A5,,5,0,1,,',
      '102,A6,,13,9,1,,',
      ',A7,,,,,,',
      '103,A8,,5,0,1,,,surprise',
    ].join('\n');
    const result = parseRouteSheetBytes(utf8(text), MAPPING);
    expect(problemsOf(result)).toEqual([
      'Row 3, column F (previous_reading): previous reading: "12a" is not a meter reading (digits with at most one decimal mark, e.g. 00123 or 00123,4).',
      'Row 3, column G (previous_read_at): previous read date: "2026-13-01" is not a date (no day 1 in month 13 of 2026).',
      'Row 3, column H (avg_daily_use): average daily use: -1 is below 0.',
      'Row 4, column A (meter_id): meter id "100" is already in row 2.',
      'Row 5, column A (meter_id): the meter id "=1+2" starts like a spreadsheet formula; meter ids start with a letter or digit.',
      'Row 6, column A (meter_id): the meter id "1.23457E+14" looks like a number Excel shortened to scientific notation; format the column as Text before exporting the sheet.',
      'Row 7, column D (digits): register digits: "13" is not a whole number from 1 to 12.',
      'Row 7, column E (decimals): register decimals: "9" is not a whole number from 0 to 4.',
      'Row 8, column A (meter_id): the meter id is empty.',
      'Row 9: the row has 9 cells but the header row has 8 columns (a delimiter inside a value that is not in quotes?).',
    ]);
  });

  it('treats ids that differ only in case as duplicates', () => {
    const result = parseRouteSheetBytes(utf8('meter_id\nab12\nAB12\n'), ID_ONLY);
    expect(problemsOf(result)).toEqual([
      expect.stringContaining('"AB12" is already in row 2 ("ab12"; ids are compared ignoring case'),
    ]);
  });

  it('caps the list of problems and counts the rest', () => {
    const rows = Array.from({ length: 250 }, () => 'x,,,,,bad,,');
    const result = parseRouteSheetBytes(utf8([HEADER, ...rows].join('\n')), MAPPING);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(100);
    // 250 bad readings, 249 duplicates of "x".
    expect(result.moreProblems).toBe(250 + 249 - 100);
  });

  it('warns about short rows, inconsistent set-ups and blank rows but loads the sheet', () => {
    const text = [HEADER, '1,a', '2,,,3,0,12345.5,,', '', '3,,,,,,,'].join('\n');
    const result = parseOk(utf8(text));
    expect(result.meters.map((m) => m.meterId)).toEqual(['1', '2', '3']);
    expect(result.warnings.map(rowProblemEnglish)).toEqual([
      'Row 2: the row has 2 cells but the header row has 8 columns; the missing cells were read as empty.',
      'Row 3, column F (previous_reading): the previous reading 12345.5 has 5 whole digits, but the register has 3.',
      'Row 3, column F (previous_reading): the previous reading 12345.5 has 1 decimals, but the register has 0.',
      '1 blank row was skipped.',
    ]);
  });

  it('reads slashed dates month first when the mapping says so', () => {
    const text = 'meter_id,previous_read_at\n1,10/13/2026\n';
    const mapping: ColumnMapping = {
      version: 1,
      fields: { meterId: 'meter_id', previousReadAt: 'previous_read_at' },
    };
    expect(problemsOf(parseRouteSheetBytes(utf8(text), mapping))[0]).toContain(
      'month 13 does not exist',
    );
    expect(
      parseOk(utf8(text), { ...mapping, dateOrder: 'month_first' }).meters[0]?.previousReadAt,
    ).toBe('2026-10-13');
  });
});

describe('route sheets: headers and mappings', () => {
  it('inspects: headers, 20 sample rows, the suggested mapping and a date-order hint', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `M${i};${i + 1}/10/2026`);
    const result = inspectRouteSheetBytes(
      utf8(['Serial;Prev Read Date;Notes', ...rows].join('\n')),
    );
    expect(result).toMatchObject({
      ok: true,
      encoding: 'utf-8',
      delimiter: ';',
      headers: ['Serial', 'Prev Read Date', 'Notes'],
      suggestedMapping: {
        version: 1,
        fields: { meterId: 'Serial', previousReadAt: 'Prev Read Date' },
      },
      unmappedRequired: [],
      dateOrderHint: 'day_first',
    });
    if (result.ok) {
      expect(result.sampleRows).toHaveLength(20);
      expect(result.sampleRows[0]).toEqual(['M0', '1/10/2026', '']);
    }
  });

  it('needs a mapping when no header names the meter id', () => {
    const bytes = utf8('Gerät;Stand\n1;2\n');
    const inspection = inspectRouteSheetBytes(bytes);
    expect(inspection).toMatchObject({ ok: true, unmappedRequired: ['meterId'] });
    if (!inspection.ok) return;
    expect(problemsOf(parseRouteSheetBytes(bytes, inspection.suggestedMapping))).toEqual([
      expect.stringContaining('No column is chosen for the meter id'),
    ]);
    const mapped = parseOk(bytes, {
      version: 1,
      fields: { meterId: 'Gerät', previousReading: 'Stand' },
    });
    expect(mapped.meters[0]).toMatchObject({ meterId: '1', previousReading: '2' });
  });

  it('refuses a mapping naming a missing column, and a mapped header that appears twice', () => {
    const bytes = utf8('meter_id,account,account\n1,a,b\n');
    expect(
      problemsOf(parseRouteSheetBytes(bytes, { version: 1, fields: { meterId: 'Zähler' } })),
    ).toEqual([
      'Row 1: the column mapping takes the meter id from a column "Zähler", but no header has that name (headers: A "meter_id", B "account", C "account").',
    ]);
    expect(
      problemsOf(
        parseRouteSheetBytes(bytes, {
          version: 1,
          fields: { meterId: 'meter_id', account: 'account' },
        }),
      ),
    ).toEqual([
      'Row 1: the header "account" (account) appears in columns B and C; rename all but one.',
    ]);
    // The duplicate does not matter while nothing is taken from it.
    expect(parseOk(bytes, { version: 1, fields: { meterId: 'meter_id' } }).meters).toHaveLength(1);
  });

  it('reads 200 columns and refuses more than 500', () => {
    const wide = (n: number) => {
      const header = ['meter_id', ...Array.from({ length: n - 1 }, (_, i) => `c${i}`)].join(',');
      const row = ['1', ...Array.from({ length: n - 1 }, () => 'x')].join(',');
      return utf8(`${header}\n${row}\n`);
    };
    expect(parseOk(wide(200), ID_ONLY).meters).toHaveLength(1);
    expect(problemsOf(parseRouteSheetBytes(wide(501), MAPPING))).toEqual([
      'The sheet has 501 columns; at most 500 are read. Remove the columns billing does not need.',
    ]);
  });

  it('refuses a 1 MB cell, naming where it is', () => {
    const bytes = utf8(`meter_id,address\n1,${'a'.repeat(1024 * 1024)}\n`);
    expect(problemsOf(parseRouteSheetBytes(bytes, ID_ONLY))).toEqual([
      'Row 2, column B (address): the cell has 1,048,576 characters; at most 10,000 are read.',
    ]);
  });

  it('refuses more rows than the limit without reading them all', () => {
    const bytes = utf8(`meter_id\n${'1\n'.repeat(MAX_SHEET_ROWS + 5)}`);
    expect(problemsOf(parseRouteSheetBytes(bytes, MAPPING))).toEqual([
      expect.stringContaining('more than 250,000 rows'),
    ]);
  });
});

describe('route sheets from files', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => {
    ({ dir, cleanup } = tempDir('meterdesk-sheet-'));
  });
  afterEach(() => {
    cleanup();
  });

  it('reads a path in two steps', async () => {
    const file = path.join(dir, 'route.csv');
    writeFileSync(file, `${HEADER}\n42,,,5,0,00012,2026-10-01,0.5\n`);
    const inspection = await inspectRouteSheet(file);
    expect(inspection.ok).toBe(true);
    if (!inspection.ok) return;
    const result = await parseRouteSheet(file, inspection.suggestedMapping);
    expect(result.ok && result.meters[0]?.previousReading).toBe('00012');
  });

  it('refuses a missing file, a folder and a file over the size limit before reading it', async () => {
    const missing = await inspectRouteSheet(path.join(dir, 'nope.csv'));
    expect(missing.ok).toBe(false);
    if (!missing.ok)
      expect(describeProblems(missing.problems, 0)[0]).toContain('it does not exist');
    expect(await parseRouteSheet(dir, MAPPING)).toMatchObject({
      ok: false,
      problems: [{ code: 'not_a_file' }],
    });
    const big = path.join(dir, 'big.csv');
    writeFileSync(big, '');
    truncateSync(big, MAX_SHEET_BYTES + 1);
    expect(await parseRouteSheet(big, MAPPING)).toMatchObject({
      ok: false,
      problems: [{ code: 'file_too_large' }],
    });
    const tooBig = await parseRouteSheet(big, MAPPING);
    if (!tooBig.ok) expect(describeProblems(tooBig.problems, 0)[0]).toContain('at most 64 MB');
  });
});

function inspectMapping(bytes: Uint8Array): ColumnMapping {
  const inspection = inspectRouteSheetBytes(bytes);
  if (!inspection.ok) throw new Error('inspection failed');
  expect(inspection.unmappedRequired).toEqual([]);
  return inspection.suggestedMapping;
}
