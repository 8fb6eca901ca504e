// A swapped photo (issue 25) on the real queue file: a photo matched to one meter whose serial
// sticker names another meter of the route flags that meter's reading, however plausible it is:
// flagged in the counts, an error in its check, not billable in the export, its reason in the
// export's language. Confirming the reading or moving the photo to the meter its code names
// (the action the window's "Move to meter" calls) clears it; a photo whose code agrees passes.
// The CLI's run summary names the flagged meter with the same words.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_TEMPLATE } from '../../common/billing/export-template';
import { QueueActions } from '../../main/actions/queue-actions';
import { exportBilling } from '../../main/billing/billing-export';
import {
  billingRows,
  meterReading,
  progressTotal,
  routeProgress,
} from '../../main/billing/meter-readings';
import { codesRead, loadRouteSheet } from '../../main/billing/routes';
import { exportForBilling } from '../../main/cli/commands/route-flags';
import { openStore, type Store } from '../../main/store/store';
import { captureIo } from '../helpers/cli-io';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { readPhoto } from './read-photo';

const NOW = new Date('2026-11-23T12:00:00Z');
// Each meter used about 1 m³ a day since 1 November: 00120 on 20 November passes every rule.
const SHEET =
  'meter_id;barcode;digits;decimals;previous_reading;previous_read_at;avg_daily_use\r\n' +
  '0001;SN-1001;5;0;00100;2026-11-01;1\r\n' +
  '0002;SN-1002;5;0;00100;2026-11-01;1\r\n' +
  '0003;SN-1003;5;0;00100;2026-11-01;1\r\n';
const SAYS = 'The code on the photo (SN-1003) names meter 0003, not 0002';

let queue: ReturnType<typeof tempDir>;
let store: Store;
let actions: QueueActions;
let sha = 0;

beforeEach(async () => {
  queue = tempDir('meterdesk-swapped-');
  const clock = createManualClock(NOW.getTime());
  store = openStore(join(queue.dir, 'queue.sqlite'), { clock });
  actions = new QueueActions({ store: () => store, engine: () => null, clock });
  const sheet = join(queue.dir, 'tour.csv');
  writeFileSync(sheet, SHEET);
  const loaded = await loadRouteSheet(store, sheet, { name: 'tour.csv', now: NOW });
  expect(loaded.ok).toBe(true);
});

afterEach(() => {
  store.close();
  queue.cleanup();
});

/**
 * A photo read as 00120, its codes read before its result came in (`late`: after, as they may
 * come when the code reader is slower than the service).
 */
async function photo(name: string, codes: string[], late = false): Promise<number> {
  const p = {
    rootId: store.roots.ensure('/photos', 'folder').id,
    relPath: name,
    readAt: '2026-11-20T09:00:00+01:00',
    sha256: `sha-${String(++sha)}`.padEnd(64, '0'),
    now: NOW,
  };
  const id = await readPhoto(store, { ...p, reading: late ? '00120' : null });
  store.jobs.recordCodes(
    id,
    codes.map((text) => ({ format: 'Code128', text })),
  );
  codesRead(store, id, NOW);
  if (!late) await readPhoto(store, { ...p, reading: '00120' });
  return id;
}

const stateOf = (meterId: string) => meterReading(store, meterId)?.outcome.state;

async function exported(
  language: 'en' | 'de' = 'en',
): Promise<Map<string, { billable: string; reasons: string }>> {
  const file = join(queue.dir, 'billing.csv');
  const template = {
    ...DEFAULT_EXPORT_TEMPLATE,
    language,
    columns: [
      { field: 'meter_id' as const, header: 'meter' },
      { field: 'use_on_bill' as const, header: 'billable' },
      { field: 'reasons' as const, header: 'reasons' },
    ],
  };
  await exportBilling(billingRows(store), file, template);
  const lines = readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1);
  return new Map(
    lines.map((line) => {
      const [meter = '', billable = '', ...reasons] = line.split(template.delimiter);
      return [meter, { billable, reasons: reasons.join(template.delimiter) }];
    }),
  );
}

describe('a photo whose code names another meter of the route', () => {
  it('flags the meter it was matched to and is not billed', async () => {
    await photo('0001.jpg', ['SN-1001']);
    await photo('0002.jpg', ['SN-1003']);

    expect(stateOf('0001')).toBe('confirmed');
    expect(stateOf('0002')).toBe('flagged');
    const check = meterReading(store, '0002')?.outcome.check;
    expect(check?.level).toBe('error');
    expect(check?.useOnBill).toBe(false);
    expect(check?.codeFlag).toEqual({
      code: 'codeNamesOtherMeter',
      params: { code: 'SN-1003', matched: '0002', named: '0003' },
    });
    expect(progressTotal(routeProgress(store).routes)).toMatchObject({ confirmed: 1, flagged: 1 });

    const rows = await exported();
    expect(rows.get('0001')).toEqual({ billable: 'yes', reasons: '' });
    expect(rows.get('0002')?.billable).toBe('no');
    expect(rows.get('0002')?.reasons).toContain(SAYS);
    expect((await exported('de')).get('0002')?.reasons).toContain(
      'Der Code auf dem Foto (SN-1003) nennt den Zähler 0003, nicht 0002',
    );
    // The CLI's run summary after the export names it among the flagged meters.
    const io = captureIo({});
    await exportForBilling(store, join(queue.dir, 'run.csv'), null, io, false);
    expect(io.stdout()).toContain('1 passed checks or confirmed, 0 not checked, 1 flagged');
    expect(io.stdout()).toContain(`flagged: meter 0002: ${SAYS}`);
  });

  it('follows the sheet: a sticker the reloaded sheet no longer names flags nothing', async () => {
    await photo('0002.jpg', ['SN-1003']);
    expect(stateOf('0002')).toBe('flagged');
    const sheet = join(queue.dir, 'tour-2.csv');
    writeFileSync(sheet, SHEET.replace('SN-1003', 'SN-2003'));
    expect((await loadRouteSheet(store, sheet, { name: 'tour-2.csv', now: NOW })).ok).toBe(true);
    expect(stateOf('0002')).toBe('confirmed');
  });

  it('is flagged when its codes are read after its result came in', async () => {
    await photo('0002.jpg', ['SN-1003'], true);
    expect(stateOf('0002')).toBe('flagged');
  });

  it('passes at the meter its code names once moved there', async () => {
    const swapped = await photo('0002.jpg', ['SN-1003']);
    expect(actions.assignMeter(swapped, '0003')).toBe(true);

    expect(stateOf('0003')).toBe('confirmed');
    expect(meterReading(store, '0003')?.outcome.check?.codeFlag).toBeNull();
    expect(stateOf('0002')).toBe('missing');
    expect((await exported()).get('0003')).toEqual({ billable: 'yes', reasons: '' });
  });

  it('is billed as it is once a person confirms the reading', async () => {
    const swapped = await photo('0002.jpg', ['SN-1003']);
    expect(await actions.review(swapped, 'accepted', null)).toBe(true);

    expect(stateOf('0002')).toBe('confirmed');
    expect((await exported()).get('0002')?.billable).toBe('yes');
  });
});
