import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CsvFileWriter,
  formatCell,
  formatRow,
  needsNeutralising,
  type CellKind,
  type CsvDelimiter,
} from '../../main/export/csv';
import { OWASP_PAYLOADS, readCsv, strayFiles, tempDir } from './helpers';

/** What a cell must read back as: the value, with the apostrophe when it had to be neutralised. */
function expectedText(value: string): string {
  return needsNeutralising(value) ? `'${value}` : value;
}

function parseLine(line: string, delimiter: CsvDelimiter = ','): string[][] {
  return parse(line, { delimiter, record_delimiter: '\r\n', relax_column_count: true });
}

describe('formatCell', () => {
  it('leaves plain text and numeric readings alone', () => {
    expect(formatCell('IMG_0001.jpg')).toBe('IMG_0001.jpg');
    expect(formatCell('01234.567', 'numeric')).toBe('01234.567');
    expect(formatCell('42', 'numeric')).toBe('42');
    expect(formatCell('')).toBe('');
    expect(formatCell('', 'numeric')).toBe('');
  });

  it('quotes delimiters, quotes and line breaks and doubles inner quotes', () => {
    expect(formatCell('a,b')).toBe('"a,b"');
    expect(formatCell('a;b')).toBe('"a;b"');
    expect(formatCell('say "hi"')).toBe('"say ""hi"""');
    expect(formatCell('a\nb')).toBe('"a\nb"');
    expect(formatCell('a\rb')).toBe('"a\rb"');
  });

  it.each(OWASP_PAYLOADS)('neutralises the formula payload %j', (payload) => {
    const cell = formatCell(payload);
    const [[parsed]] = parseLine(`${cell}\r\n`) as [[string]];
    expect(parsed).toBe(`'${payload}`);
  });

  it('neutralises numeric-typed cells that are not plain readings', () => {
    expect(formatCell('-1+2', 'numeric')).toBe("'-1+2");
    expect(formatCell('-12', 'numeric')).toBe("'-12");
    expect(formatCell('+12', 'numeric')).toBe("'+12");
    expect(formatCell('=1', 'numeric')).toBe("'=1");
    expect(formatCell('12,5', 'numeric')).toBe('"12,5"');
    expect(formatCell('1e5', 'numeric')).toBe('1e5');
  });

  it('does not neutralise formula characters that are not at the start', () => {
    expect(formatCell('a=1')).toBe('a=1');
    expect(formatCell(' =1')).toBe(' =1');
  });
});

describe('formatRow round trip through csv-parse', () => {
  const nasty = fc.constantFrom(
    ',',
    ';',
    '"',
    '\r',
    '\n',
    '\r\n',
    '\t',
    '=',
    '+',
    '-',
    '@',
    "'",
    ' ',
    '1',
    '.',
    '💧',
    'שלום',
    'é',
    '\u200f',
    '\ufeff',
  );
  const cellText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.string({ unit: nasty, maxLength: 8 }),
    fc.stringMatching(/^\d{1,6}(\.\d{1,3})?$/),
  );
  const row = fc.array(
    fc.record({ value: cellText, kind: fc.constantFrom<CellKind>('text', 'numeric') }),
    { minLength: 2, maxLength: 8 },
  );

  it.each<CsvDelimiter>([',', ';'])('reads back what was written (delimiter %j)', (delimiter) => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 5 }), (rows) => {
        const text = rows
          .map((r) =>
            formatRow(
              r.map((c) => c.value),
              r.map((c) => c.kind),
              delimiter,
            ),
          )
          .join('');
        const parsed = parseLine(text, delimiter);
        const expected = rows.map((r) =>
          r.map((c) =>
            c.kind === 'numeric' && /^\d+(\.\d+)?$/.test(c.value) ? c.value : expectedText(c.value),
          ),
        );
        expect(parsed).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('CsvFileWriter', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => {
    ({ dir, cleanup } = tempDir());
  });
  afterEach(() => {
    cleanup();
  });

  it('writes a BOM and CRLF line ends by default', async () => {
    const target = path.join(dir, 'out.csv');
    const writer = await CsvFileWriter.create(target);
    await writer.writeRow(['a', 'b']);
    await writer.writeRow(['1', '2'], ['numeric', 'numeric']);
    await writer.commit();
    expect(readFileSync(target).toString('hex')).toBe(
      Buffer.from('\ufeffa,b\r\n1,2\r\n', 'utf8').toString('hex'),
    );
    expect(strayFiles(dir, ['out.csv'])).toEqual([]);
  });

  it('writes no BOM when asked, and uses the ";" delimiter', async () => {
    const target = path.join(dir, 'out.csv');
    const writer = await CsvFileWriter.create(target, { bom: false, delimiter: ';' });
    await writer.writeRow(['a;b', 'c,d', '12.5'], ['text', 'text', 'numeric']);
    await writer.commit();
    expect(readFileSync(target, 'utf8')).toBe('"a;b";"c,d";12.5\r\n');
    expect(readCsv(target, { bom: false, delimiter: ';' })).toEqual([['a;b', 'c,d', '12.5']]);
  });

  it('keeps the data in a hidden temporary file until commit', async () => {
    const target = path.join(dir, 'out.csv');
    const writer = await CsvFileWriter.create(target);
    await writer.writeRow(['a']);
    expect(path.dirname(writer.temporaryPath)).toBe(dir);
    expect(strayFiles(dir)).toEqual([path.basename(writer.temporaryPath)]);
    await writer.abort();
    expect(strayFiles(dir)).toEqual([]);
    await expect(writer.writeRow(['b'])).rejects.toThrow(/already aborted/);
  });

  it('refuses an unknown delimiter', async () => {
    const options = { delimiter: '\t' } as unknown as { delimiter: CsvDelimiter };
    await expect(CsvFileWriter.create(path.join(dir, 'x.csv'), options)).rejects.toThrow(TypeError);
    expect(strayFiles(dir)).toEqual([]);
  });
});
