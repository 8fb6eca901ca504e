// Matching by the code on the photo (issue 25) on the real queue file: a photo whose name names no
// meter is matched to the meter its serial sticker's code names (the sheet's barcode column, else
// the meter number), and a photo its name matches keeps that meter.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { meterDetail } from '../../main/backend/handlers/billing-meters';
import { billingRows } from '../../main/billing/meter-readings';
import { codesRead, loadRouteSheet } from '../../main/billing/routes';
import { templateCells } from '../../common/billing/export-cells';
import { DEFAULT_EXPORT_TEMPLATE } from '../../common/billing/export-template';
import { openStore, type Store } from '../../main/store/store';
import { tempDir } from '../helpers/tmp';
import { readPhoto } from './read-photo';

const NOW = new Date('2026-11-23T12:00:00Z');
const queue = tempDir('meterdesk-match-code-');
const dir = queue.dir;
const store: Store = openStore(join(dir, 'queue.sqlite'));
let sha = 0;

afterAll(() => {
  store.close();
  queue.cleanup();
});

function sheet(): string {
  const file = join(dir, 'tour.csv');
  writeFileSync(
    file,
    'meter_id;barcode;previous_reading\r\n0001;SN-99812;00100\r\n0002;;00200\r\n',
  );
  return file;
}

async function photoWithCodes(name: string, codes: string[]): Promise<number> {
  const id = await readPhoto(store, {
    rootId: store.roots.ensure('/photos', 'folder').id,
    relPath: name,
    reading: '00115',
    readAt: '2026-11-20T09:00:00+01:00',
    sha256: `sha-${String(++sha)}`.padEnd(64, '0'),
    now: NOW,
  });
  store.jobs.recordCodes(
    id,
    codes.map((text) => ({ format: 'DataMatrix', text })),
  );
  return id;
}

describe('matching a photo by its code', () => {
  it('matches a photo its name does not to the meter its code names', async () => {
    const bySticker = await photoWithCodes('IMG_0001.jpg', ['sn 99812']);
    const byNumber = await photoWithCodes('IMG_0002.jpg', ['0002']);
    const unknown = await photoWithCodes('IMG_0003.jpg', ['https://maker.example']);
    const named = await photoWithCodes('0002.jpg', ['SN-99812']);
    const loaded = await loadRouteSheet(store, sheet(), { name: 'tour.csv', now: NOW });
    expect(loaded.ok).toBe(true);

    const row = (id: number) => {
      const job = store.jobs.get(id);
      return [job?.meterId ?? null, job?.matchHow ?? null];
    };
    expect(row(bySticker)).toEqual(['0001', 'code']);
    expect(row(byNumber)).toEqual(['0002', 'code']);
    expect(row(unknown)).toEqual([null, null]);
    // Its name matches: it keeps that meter (the mismatch is flagged in the detail, not decided silently).
    expect(row(named)).toEqual(['0002', 'token']);
    expect(meterDetail(store, '0002', NOW.getTime())?.codeMismatch).toEqual({
      jobId: named,
      code: 'codeNamesOtherMeter',
      params: { code: 'SN-99812', matched: '0002', named: '0001' },
    });
    expect(meterDetail(store, '0001', NOW.getTime())?.codeMismatch).toBeNull();

    // Codes read after the sheet was loaded: the photo is matched then.
    const later = await photoWithCodes('IMG_0004.jpg', []);
    expect(row(later)).toEqual([null, null]);
    expect(codesRead(store, later, NOW)).toEqual([]);
    const late = await photoWithCodes('IMG_0005.jpg', ['SN-99812']);
    expect(codesRead(store, late, NOW)).toContain(late);
    expect(row(late)).toEqual(['0001', 'code']);

    // The billing export carries the codes of each row's photo when its template asks for them.
    const template = {
      ...DEFAULT_EXPORT_TEMPLATE,
      columns: [
        { field: 'photo' as const, header: 'photo' },
        { field: 'photo_codes' as const, header: 'codes' },
      ],
    };
    const cells = [...billingRows(store)].map((r) => templateCells(r, template, 'Europe/Berlin'));
    expect(cells).toContainEqual(['IMG_0003.jpg', 'https://maker.example']);
  });
});
