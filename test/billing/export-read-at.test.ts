import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAtCell } from '../../common/billing/export-cells';
import { officeStamp } from '../../common/billing/export-read-at';
import { DEFAULT_EXPORT_TEMPLATE, type ExportTemplate } from '../../common/billing/export-template';
import { exportBilling } from '../../main/billing/billing-export';
import { tempDir } from '../helpers/tmp';
import { billingRow } from './billing-rows';

const ISO = DEFAULT_EXPORT_TEMPLATE;
const DOTTED: ExportTemplate = { ...ISO, dateFormat: 'dd.mm.yyyy', delimiter: ';' };

describe("read_at is the office's local date and time", () => {
  it.each([
    // A camera that recorded its offset, in the office's zone: as it was.
    ['2026-11-11T09:30:15+01:00', 'Europe/Berlin', '2026-11-11T09:30:15+01:00'],
    // A file time or a typed reading's moment, kept in UTC: moved to the office's day and hour.
    ['2026-11-10T23:30:00.000Z', 'Europe/Berlin', '2026-11-11T00:30:00+01:00'],
    ['2026-07-01T05:00:00Z', 'America/New_York', '2026-07-01T01:00:00-04:00'],
    // A camera's wall clock without an offset is the office's local time, summer and winter.
    ['2026-07-01T08:00:00', 'Europe/Berlin', '2026-07-01T08:00:00+02:00'],
    ['2026-01-01T08:00:00', 'Europe/Berlin', '2026-01-01T08:00:00+01:00'],
    // A camera in another zone's offset: converted, so one export never mixes two clocks.
    ['2026-11-11T09:30:15+00:00', 'Europe/Berlin', '2026-11-11T10:30:15+01:00'],
    // A date alone has no time to move.
    ['2026-11-11', 'Pacific/Auckland', '2026-11-11'],
  ])('%s in %s', (stamp, zone, iso) => {
    expect(readAtCell(stamp, ISO, zone)).toBe(iso);
  });

  it('writes the local wall time without the offset in the other formats', () => {
    expect(readAtCell('2026-11-10T23:30:00Z', DOTTED, 'Europe/Berlin')).toBe('11.11.2026 00:30:00');
    expect(
      readAtCell('2026-11-10T23:30:00Z', { ...DOTTED, includeTime: false }, 'Europe/Berlin'),
    ).toBe('11.11.2026');
    expect(readAtCell('not a date', DOTTED, 'Europe/Berlin')).toBe('not a date');
  });

  it('knows the hour a clock change skips and the one it repeats', () => {
    // 02:30 does not exist in Berlin on 29 March 2026; the camera's clock is taken as written.
    expect(officeStamp('2026-03-29T02:30:00', 'Europe/Berlin')?.offset).toMatch(/^\+0[12]:00$/);
    expect(officeStamp('2026-10-25T00:30:00Z', 'Europe/Berlin')).toEqual({
      date: '2026-10-25',
      time: '02:30:00',
      offset: '+02:00',
    });
    expect(officeStamp('2026-10-25T01:30:00Z', 'Europe/Berlin')).toEqual({
      date: '2026-10-25',
      time: '02:30:00',
      offset: '+01:00',
    });
  });
});

describe('the export file follows the rule', () => {
  let dir: string;
  let cleanup: () => void;
  beforeEach(() => {
    ({ dir, cleanup } = tempDir('meterdesk-read-at-'));
  });
  afterEach(() => {
    cleanup();
  });

  it("writes a UTC file time and a camera's wall clock in the office's time", async () => {
    const out = path.join(dir, 'out.csv');
    const template: ExportTemplate = {
      ...ISO,
      columns: [
        { field: 'meter_id', header: 'meter_id' },
        { field: 'read_at', header: 'read_at' },
      ],
    };
    const rows = [
      billingRow({ meterId: 'A', readAt: '2026-11-10T23:30:00.000Z' }),
      billingRow({ meterId: 'B', readAt: '2026-11-11T08:15:00' }),
    ];
    await exportBilling(rows, out, template, { timeZone: 'Europe/Berlin' });
    expect(readFileSync(out, 'utf8').slice(1)).toBe(
      'meter_id,read_at\r\nA,2026-11-11T00:30:00+01:00\r\nB,2026-11-11T08:15:00+01:00\r\n',
    );
  });
});
