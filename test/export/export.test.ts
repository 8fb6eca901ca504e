import {
  createReadStream,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse as parseStream } from 'csv-parse';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { officeTimeZone } from '../../common/billing/export-read-at';
import { JOB_STATES } from '../../common/job';
import { COLUMN_KINDS, HEADERS, toCells, type ExportRecord } from '../../main/export/columns';
import {
  CsvExportError,
  formatRow,
  isNumericReading,
  needsNeutralising,
} from '../../main/export/csv';
import { exportCsv } from '../../main/export/export';
import { OWASP_PAYLOADS, readCsv, record, strayFiles, tempDir } from './helpers';

const NASTY_NAMES = [
  'plain.jpg',
  'comma, in name.jpg',
  'semi;colon.jpg',
  'quote " in name.jpg',
  '"fully quoted".jpg',
  'line\nbreak.jpg',
  'carriage\rreturn.jpg',
  'crlf\r\ninside.jpg',
  'emoji 💧🚰.jpg',
  'ملف عداد المياه.jpg',
  'מונה מים.jpg',
  '\u202eexe.jpg',
  'Zählerstand Ü.jpg',
  '水道メーター.jpg',
  '=SUM(A1).jpg',
  '+491701234.jpg',
  '-minus.jpg',
  '@at.jpg',
  '\tleading tab.jpg',
  "'already quoted.jpg",
  ' leading space.jpg',
  'sub dir/deeper/IMG.jpg',
];

/** The cell a reader sees for a raw value: numbers as is, text neutralised when needed. */
function expectedCell(value: string, index: number): string {
  if (COLUMN_KINDS[index] === 'numeric' && isNumericReading(value)) return value;
  return needsNeutralising(value) ? `'${value}` : value;
}

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(() => {
  cleanup();
});

describe('exportCsv round trip', () => {
  it('reads back every awkward file name through a real CSV parser', async () => {
    const records = NASTY_NAMES.map((relPath) => record({ relPath }));
    const target = path.join(dir, 'export.csv');
    const result = await exportCsv(records, target);
    expect(result).toEqual({ rows: records.length, path: target });

    const [header, ...rows] = readCsv(target);
    expect(header).toEqual(HEADERS);
    expect(rows.map((r) => r[0])).toEqual(
      NASTY_NAMES.map((n) => (needsNeutralising(n) ? `'${n}` : n)),
    );
    expect(rows).toEqual(records.map((r) => toCells(r).map(expectedCell)));
    expect(strayFiles(dir, ['export.csv'])).toEqual([]);
  });

  it('writes without a BOM when asked', async () => {
    const target = path.join(dir, 'export.csv');
    await exportCsv([record({ relPath: 'ä.jpg' })], target, { bom: false });
    expect(readFileSync(target, 'utf8').startsWith('file,reading,')).toBe(true);
    expect(readCsv(target, { bom: false })[1]?.[0]).toBe('ä.jpg');
  });

  it('writes a BOM by default', async () => {
    const target = path.join(dir, 'export.csv');
    await exportCsv([record()], target);
    expect([...readFileSync(target).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('uses ";" as delimiter when asked', async () => {
    const target = path.join(dir, 'export.csv');
    const records = [record({ relPath: 'a;b,c.jpg', errorMessage: 'x;y' })];
    await exportCsv(records, target, { delimiter: ';' });
    const text = readFileSync(target, 'utf8');
    expect(text.split('\r\n')[0]).toBe(`\ufeff${HEADERS.join(';')}`);
    const [, row] = readCsv(target, { delimiter: ';' });
    expect(row?.[0]).toBe('a;b,c.jpg');
    expect(row?.[7]).toBe('x;y');
  });

  it('keeps numeric readings as unquoted numbers, leading zeros included', async () => {
    const target = path.join(dir, 'export.csv');
    const records = [
      record({ relPath: 'a.jpg', billedReading: '01234.567', aiReading: '01234.567' }),
      record({ relPath: 'b.jpg', billedReading: '98765', aiReading: '98760' }),
    ];
    await exportCsv(records, target, { bom: false });
    const lines = readFileSync(target, 'utf8').split('\r\n');
    expect(lines[1]).toMatch(/^a\.jpg,01234\.567,done,/);
    expect(lines[1]).toContain(',/srv/meters/2024-05,01234.567,');
    expect(lines[2]).toMatch(/^b\.jpg,98765,done,/);
    expect(lines[2]).toContain(',98760,');
  });

  it('neutralises text that only pretends to be a reading', async () => {
    const target = path.join(dir, 'export.csv');
    await exportCsv([record({ billedReading: '-1+2', aiReading: '=1+2' })], target);
    const [, row] = readCsv(target);
    expect(row?.[1]).toBe("'-1+2");
    expect(row?.[9]).toBe("'=1+2");
  });

  it.each(OWASP_PAYLOADS)(
    'neutralises %j in file names and server-supplied strings',
    async (payload) => {
      const target = path.join(dir, 'export.csv');
      const rec = record({
        relPath: payload,
        rootPath: payload,
        errorMessage: payload,
        meterType: payload,
        resultSource: payload,
        taskId: payload,
        batchId: payload,
        billedReading: payload,
        aiReading: payload,
      });
      await exportCsv([rec], target);
      const [, row] = readCsv(target);
      const byHeader = Object.fromEntries(HEADERS.map((h, i) => [h, row?.[i]]));
      for (const column of [
        'file',
        'folder',
        'error',
        'meter_type',
        'result_source',
        'task_id',
        'batch_id',
      ]) {
        expect(byHeader[column], column).toBe(`'${payload}`);
      }
      // Readings are trimmed of surrounding whitespace before they are judged.
      expect(byHeader.reading).toBe(`'${payload.trim()}`);
      expect(byHeader.ai_reading).toBe(`'${payload.trim()}`);
      // No physical line of the file starts a cell with the payload either.
      const raw = readFileSync(target, 'utf8');
      expect(raw.includes(`,${payload}`)).toBe(false);
      expect(raw.includes(`\n${payload}`)).toBe(false);
    },
  );

  it('accepts an async iterable', async () => {
    async function* source(): AsyncGenerator<ExportRecord> {
      for (let i = 0; i < 3; i++) {
        await Promise.resolve();
        yield record({ relPath: `${i}.jpg` });
      }
    }
    const target = path.join(dir, 'export.csv');
    expect((await exportCsv(source(), target)).rows).toBe(3);
    expect(readCsv(target).map((r) => r[0])).toEqual(['file', '0.jpg', '1.jpg', '2.jpg']);
  });

  it('replaces an existing export', async () => {
    const target = path.join(dir, 'export.csv');
    writeFileSync(target, 'old');
    await exportCsv([record()], target);
    expect(readCsv(target)).toHaveLength(2);
  });

  it('round-trips arbitrary records (property)', async () => {
    const nasty = fc.constantFrom(
      ',',
      ';',
      '"',
      '\r',
      '\n',
      '\t',
      '=',
      '+',
      '-',
      '@',
      "'",
      '/',
      '💧',
      'שלום',
      'ü',
      '\u202e',
    );
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 16 }),
      fc.string({ unit: nasty, maxLength: 10 }),
    );
    const readingArb = fc.oneof(fc.stringMatching(/^\d{1,6}(\.\d{1,3})?$/), fc.constant('-'), text);
    const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
    const recordArb: fc.Arbitrary<ExportRecord> = fc.record({
      rootPath: text,
      relPath: text,
      state: fc.constantFrom(...JOB_STATES),
      billedReading: nullable(readingArb),
      aiReading: nullable(readingArb),
      reviewAction: fc.constantFrom('accepted' as const, 'corrected' as const, null),
      resultSource: nullable(text),
      toReview: fc.boolean(),
      meterType: nullable(text),
      taskId: nullable(text),
      batchId: nullable(text),
      errorMessage: nullable(text),
      sha256: nullable(fc.stringMatching(/^[0-9a-f]{64}$/)),
      createdAt: nullable(text),
      finishedAt: nullable(text),
      aiVersion: nullable(text),
      copyOf: nullable(text),
      meterId: nullable(text),
      readAt: nullable(text),
      registerDecimals: nullable(fc.integer({ min: 0, max: 4 })),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordArb, { maxLength: 10 }),
        fc.boolean(),
        fc.constantFrom(',' as const, ';' as const),
        async (records, bom, delimiter) => {
          const target = path.join(dir, `prop-${run++}.csv`);
          await exportCsv(records, target, { bom, delimiter, timeZone: 'UTC' });
          const [header, ...rows] = readCsv(target, { bom, delimiter });
          expect(header).toEqual(HEADERS);
          const decimalMark = delimiter === ';' ? ',' : '.';
          const written = records.map((r) => toCells(r, { decimalMark, timeZone: 'UTC' }));
          // Each cell reads back exactly as written, or with the neutralising apostrophe in front
          // when (and only when) it starts like a formula.
          expect(rows).toEqual(written.map((cells) => cells.map(expectedCell)));
          rows.forEach((row, r) => {
            row.forEach((cell, c) => {
              const value = written[r]?.[c] ?? '';
              expect(cell === value || (needsNeutralising(value) && cell === `'${value}`)).toBe(
                true,
              );
            });
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('exportCsv streaming', () => {
  it('streams 40,000 records with flat memory', async () => {
    // gc() makes heap samples measure live data rather than garbage awaiting collection.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // An export that kept its rows would grow by about 1 MiB per 5,000: 7 MiB over the samples,
    // well past the bound below (the 3,000-photo and 100,000-row runs are in e2e/load.slow).
    const total = 40_000;
    const checkEvery = 5_000;
    const target = path.join(dir, 'big.csv');
    const bigRecord = (i: number) =>
      record({
        relPath: `block ${i % 97}/IMG_${i}.jpg`,
        billedReading: `${i}.${i % 1000}`,
        errorMessage: i % 5 === 0 ? `failed, "retry" ${i}` : null,
      });

    let produced = 3 + Buffer.byteLength(formatRow(HEADERS)); // BOM + header
    const lags: number[] = [];
    const heaps: number[] = [];
    // The cells as exportCsv writes them (the office's zone, a dot), the zone looked up once as the
    // export does: toCells' default asks Intl for it on every record, most of this test's CPU.
    const cells = { decimalMark: '.', timeZone: officeTimeZone() } as const;
    function* source(): Generator<ExportRecord> {
      for (let i = 0; i < total; i++) {
        if (i % checkEvery === 0 && i > 0) {
          // Everything yielded before this point was handed to the writer; it must be on disk
          // except for a bounded buffer, or the writer would be accumulating the export.
          const part = readdirSync(dir).find((n) => n.endsWith('.part'));
          expect(part).toBeDefined();
          lags.push(produced - statSync(path.join(dir, part ?? '')).size);
          gc();
          heaps.push(process.memoryUsage().heapUsed);
        }
        const rec = bigRecord(i);
        produced += Buffer.byteLength(formatRow(toCells(rec, cells), COLUMN_KINDS));
        yield rec;
      }
    }

    const result = await exportCsv(source(), target);
    expect(result.rows).toBe(total);
    expect(statSync(target).size).toBe(produced);
    expect(produced).toBeGreaterThan(6 * 1024 * 1024);

    const mib = 1024 * 1024;
    expect(lags).toHaveLength(total / checkEvery - 1);
    expect(Math.max(...lags)).toBeLessThan(mib);
    // Live heap after the first checkpoint may not grow with the rows written (~1 MiB per 5,000).
    const baseline = heaps[0] ?? 0;
    expect(Math.max(...heaps) - baseline).toBeLessThan(4 * mib);

    // And the file is a valid CSV to the last row.
    let count = 0;
    let last: string[] = [];
    const parser = createReadStream(target).pipe(
      parseStream({ bom: true, record_delimiter: '\r\n' }),
    );
    for await (const row of parser as AsyncIterable<string[]>) {
      count++;
      last = row;
    }
    expect(count).toBe(total + 1);
    expect(last).toEqual(toCells(bigRecord(total - 1), cells).map(expectedCell));
    // A hang guard of its own: 8 s alone, but its seven full collections walk the heap of a worker
    // that has run other files before it (isolate: false), and took past 60 s with the cores busy.
  }, 180_000);
});

describe('exportCsv failures', () => {
  it('rejects clearly when the target folder does not exist, leaving nothing behind', async () => {
    const target = path.join(dir, 'missing', 'export.csv');
    const failure = exportCsv([record()], target);
    await expect(failure).rejects.toBeInstanceOf(CsvExportError);
    await expect(failure).rejects.toMatchObject({
      code: 'ENOENT',
      message: `Could not export to "${target}": the folder "${path.dirname(target)}" does not exist.`,
    });
    expect(strayFiles(dir)).toEqual([]);
  });

  it('rejects clearly when the target folder is a file', async () => {
    writeFileSync(path.join(dir, 'file'), 'x');
    const target = path.join(dir, 'file', 'export.csv');
    await expect(exportCsv([record()], target)).rejects.toMatchObject({
      name: 'CsvExportError',
      code: 'ENOTDIR',
      message: expect.stringContaining('is not a folder') as unknown,
    });
    expect(strayFiles(dir, ['file'])).toEqual([]);
  });

  it.skipIf(process.platform !== 'linux')(
    'rejects clearly when the folder is read-only (sysfs refuses new files even to root)',
    async () => {
      const target = '/sys/meterdesk-export.csv';
      const failure = exportCsv([record()], target);
      await expect(failure).rejects.toBeInstanceOf(CsvExportError);
      await expect(failure).rejects.toThrow(/no permission|read-only|cannot be created/);
      expect(readdirSync('/sys').filter((n) => n.includes('meterdesk'))).toEqual([]);
    },
  );

  it('rejects when the target is a folder', async () => {
    mkdirSync(path.join(dir, 'export.csv'));
    await expect(exportCsv([record()], path.join(dir, 'export.csv'))).rejects.toThrow(
      /a folder with that name already exists/,
    );
    expect(strayFiles(dir, ['export.csv'])).toEqual([]);
  });

  it('leaves no partial file and keeps the old export when the records source fails', async () => {
    const target = path.join(dir, 'export.csv');
    writeFileSync(target, 'previous export');
    const boom = new Error('database went away');
    function* source(): Generator<ExportRecord> {
      for (let i = 0; i < 20_000; i++) yield record({ relPath: `${i}.jpg` });
      throw boom;
    }
    await expect(exportCsv(source(), target)).rejects.toBe(boom);
    expect(readFileSync(target, 'utf8')).toBe('previous export');
    expect(strayFiles(dir, ['export.csv'])).toEqual([]);
  });

  it('leaves no partial file when the final rename fails', async () => {
    const target = path.join(dir, 'export.csv');
    function* source(): Generator<ExportRecord> {
      yield record();
      // Someone creates a non-empty folder of that name while the export runs.
      mkdirSync(path.join(target, 'inside'), { recursive: true });
    }
    const failure = exportCsv(source(), target);
    await expect(failure).rejects.toBeInstanceOf(CsvExportError);
    await expect(failure).rejects.toThrow(`Could not export to "${target}"`);
    expect(strayFiles(dir, ['export.csv'])).toEqual([]);
    expect(statSync(target).isDirectory()).toBe(true);
  });

  it('stops on abort, leaving no file', async () => {
    const target = path.join(dir, 'export.csv');
    const controller = new AbortController();
    function* source(): Generator<ExportRecord> {
      for (let i = 0; ; i++) {
        if (i === 5_000) controller.abort(new Error('user cancelled'));
        yield record({ relPath: `${i}.jpg` });
      }
    }
    await expect(exportCsv(source(), target, { signal: controller.signal })).rejects.toThrow(
      'user cancelled',
    );
    expect(strayFiles(dir)).toEqual([]);
  });
});
