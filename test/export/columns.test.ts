import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOB_STATES } from '../../common/job';
import { COLUMN_KINDS, HEADERS, toCells, type CellOptions } from '../../main/export/columns';
import { record } from './helpers';

/** The office's time zone of these tests: read_at is written in it. */
const BERLIN = 'Europe/Berlin';

function cellsByHeader(
  rec: Parameters<typeof toCells>[0],
  options: CellOptions = { decimalMark: '.', timeZone: BERLIN },
): Record<string, string> {
  const cells = toCells(rec, options);
  return Object.fromEntries(HEADERS.map((h, i) => [h, cells[i] ?? '<missing>']));
}

describe('export columns', () => {
  it('has the contract headers first, then the audit columns, in order', () => {
    expect(HEADERS).toEqual([
      'file',
      'reading',
      'status',
      'result_source',
      'to_review',
      'meter_type',
      'task_id',
      'error',
      'folder',
      'ai_reading',
      'review',
      'batch_id',
      'sha256',
      'created_at',
      'finished_at',
      'ai_version',
      'copy_of',
      'meter_id',
      'read_at',
      'codes',
    ]);
  });

  it('types only the two reading columns as numeric', () => {
    const numeric = HEADERS.filter((_, i) => COLUMN_KINDS[i] === 'numeric');
    expect(numeric).toEqual(['reading', 'ai_reading']);
  });

  it('maps every field of a finished record', () => {
    const cells = cellsByHeader(
      record({
        rootPath: '/srv/meters',
        relPath: `a${path.sep}b${path.sep}IMG_7.jpg`,
        state: 'done',
        billedReading: '00123.400',
        aiReading: '00128.400',
        reviewAction: 'corrected',
        resultSource: 'cached_exact',
        toReview: true,
        meterType: 'pointer',
        taskId: 't1',
        batchId: 'b1',
        errorMessage: null,
        sha256: 'ff',
        createdAt: '2024-01-01T00:00:00Z',
        finishedAt: '2024-01-01T00:00:09Z',
        copyOf: `a${path.sep}IMG_6.jpg`,
        meterId: '4711',
        readAt: '2024-01-01T08:15:00+01:00',
        photoCodes: ['4711-0815', 'SN 99812'],
      }),
    );
    expect(cells).toEqual({
      file: 'a/b/IMG_7.jpg',
      reading: '00123.400',
      status: 'done',
      result_source: 'cached_exact',
      to_review: 'yes',
      meter_type: 'pointer',
      task_id: 't1',
      error: '',
      folder: '/srv/meters',
      ai_reading: '00128.400',
      review: 'corrected',
      batch_id: 'b1',
      sha256: 'ff',
      created_at: '2024-01-01T00:00:00Z',
      finished_at: '2024-01-01T00:00:09Z',
      ai_version: 'water_v3_meter:v3.2',
      copy_of: 'a/IMG_6.jpg',
      meter_id: '4711',
      read_at: '2024-01-01T08:15:00+01:00',
      codes: '4711-0815 | SN 99812',
    });
  });

  it("a ';' file writes the decimal comma (Excel there reads 0951.302 as 951302), with the register's decimals", () => {
    const semicolon: CellOptions = { decimalMark: ',', timeZone: BERLIN };
    const cells = (r: Partial<Parameters<typeof record>[0]>, o: CellOptions = semicolon) =>
      Object.fromEntries(HEADERS.map((h, i) => [h, toCells(record(r), o)[i]]));
    expect(cells({ billedReading: '0951.302', aiReading: '0951.302' })).toMatchObject({
      reading: '0951,302',
      ai_reading: '0951,302',
    });
    expect(
      cells({ billedReading: '00123.4', aiReading: '00128', registerDecimals: 3 }),
    ).toMatchObject({ reading: '00123,400', ai_reading: '00128,000' });
    // Leading zeros stay; a ',' file keeps the point.
    expect(
      cells({ billedReading: '00042', aiReading: '00042' }, { decimalMark: '.', timeZone: BERLIN })
        .reading,
    ).toBe('00042');
    expect(cells({ billedReading: '-', aiReading: '-' }).reading).toBe('');
  });

  it("writes read_at in the office's local time with its offset, as the billing export does", () => {
    const utc = record({ readAt: '2024-01-01T23:30:00.000Z' });
    expect(cellsByHeader(utc).read_at).toBe('2024-01-02T00:30:00+01:00');
    expect(cellsByHeader(record({ readAt: '2024-07-01T08:15:00' })).read_at).toBe(
      '2024-07-01T08:15:00+02:00',
    );
  });

  it("says 'confirmed' for a reading a person confirmed, as the window does", () => {
    expect(cellsByHeader(record({ reviewAction: 'accepted' })).review).toBe('confirmed');
    expect(cellsByHeader(record({ reviewAction: 'corrected' })).review).toBe('corrected');
  });

  it('writes empty cells for missing values and "no" for to_review', () => {
    const cells = cellsByHeader(
      record({
        state: 'failed',
        billedReading: null,
        aiReading: null,
        reviewAction: null,
        resultSource: null,
        toReview: false,
        meterType: null,
        taskId: null,
        batchId: null,
        errorMessage: 'AI failed',
        sha256: null,
        createdAt: null,
        finishedAt: null,
        aiVersion: null,
      }),
    );
    expect(cells).toMatchObject({
      reading: '',
      status: 'failed',
      result_source: '',
      to_review: 'no',
      meter_type: '',
      task_id: '',
      error: 'AI failed',
      ai_reading: '',
      review: '',
      batch_id: '',
      sha256: '',
      created_at: '',
      finished_at: '',
      ai_version: '',
    });
  });

  it("treats the service's '-' placeholder as no reading", () => {
    const cells = cellsByHeader(record({ billedReading: '-', aiReading: '-' }));
    expect(cells.reading).toBe('');
    expect(cells.ai_reading).toBe('');
  });

  it("writes the billed reading under reading and the AI's under ai_reading", () => {
    const cells = cellsByHeader(record({ billedReading: '78.5', aiReading: '77.5' }));
    expect(cells.reading).toBe('78.5');
    expect(cells.ai_reading).toBe('77.5');
  });

  it('groups job states into the four export statuses', () => {
    const statuses = JOB_STATES.map((state) => cellsByHeader(record({ state })).status);
    expect(statuses).toEqual(['pending', 'pending', 'pending', 'done', 'failed', 'rejected']);
  });

  it('passes suspicious strings through raw: neutralising is the writer’s job', () => {
    const cells = cellsByHeader(record({ meterType: '=1+1', errorMessage: '@x' }));
    expect(cells.meter_type).toBe('=1+1');
    expect(cells.error).toBe('@x');
  });
});
