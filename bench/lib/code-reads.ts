// The meter's code on its photo (issue 25), for bench/photo-checks.ts: what reading the codes of a
// 12-megapixel photo costs at the first try size, and how the check against the route does on
// generated photos: swapped meters (the photo named after one meter shows another's sticker)
// flagged, correct ones never.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeMismatch, meterCodeIndex } from '../../common/photo-codes';
import { CheckPool } from '../../main/photo-checks/check-pool';
import { FIRST_TRY_SIDE, readPhotoCodes } from '../../main/photo-checks/read-codes';
import { renderMeterPhoto } from '../../sandbox/samples';
import { STICKER_FORMATS } from '../../sandbox/samples/code-sticker';

export interface CodeReadFigures {
  /** Median ms to read the codes of a 12-MP JPEG found at the first try (in this thread). */
  readMs: number;
  /** The same through the photo-check worker, as the engine runs it. */
  readInWorkerMs: number;
  firstTrySide: number;
  correct: number;
  falseMismatches: number;
  swapped: number;
  swappedFlagged: number;
  /** Swapped photos on which no code was read at all (the misses behind an unflagged one). */
  swappedUnread: number;
  /** The photos no code was read on: width and symbology. */
  unread: string[];
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

const WIDTHS = [640, 1024, 1600, 2400] as const;

export async function codeReads(
  dir: string,
  repeats: number,
  correct: number,
  swapped: number,
): Promise<CodeReadFigures> {
  const big = join(dir, 'twelve-megapixels-sticker.jpg');
  writeFileSync(
    big,
    await renderMeterPhoto({
      reading: '04711.815',
      format: 'jpeg',
      width: 4000,
      sticker: { text: '4711-0815', format: 'DataMatrix' },
    }),
  );
  const pool = new CheckPool();
  const here: number[] = [];
  const worker: number[] = [];
  try {
    await pool.readCodes(big);
    await readPhotoCodes(big);
    for (let i = 0; i < repeats; i++) {
      let t = performance.now();
      await readPhotoCodes(big);
      here.push(performance.now() - t);
      t = performance.now();
      await pool.readCodes(big);
      worker.push(performance.now() - t);
    }
  } finally {
    await pool.close();
  }

  const meters = Array.from({ length: 400 }, (_, i) => `4711-${String(1000 + i)}`);
  const index = meterCodeIndex(meters.map((meterId) => ({ meterId, barcode: meterId })));
  const file = join(dir, 'sticker.jpg');
  const figures: CodeReadFigures = {
    readMs: median(here),
    readInWorkerMs: median(worker),
    firstTrySide: FIRST_TRY_SIDE,
    correct,
    falseMismatches: 0,
    swapped,
    swappedFlagged: 0,
    swappedUnread: 0,
    unread: [],
  };
  for (let i = 0; i < correct + swapped; i++) {
    const isSwapped = i >= correct;
    const own = meters[i % meters.length] ?? '';
    const shown = isSwapped ? (meters[(i + 7) % meters.length] ?? '') : own;
    const format = STICKER_FORMATS[i % STICKER_FORMATS.length] ?? 'QRCode';
    writeFileSync(
      file,
      await renderMeterPhoto({
        reading: `0${String(1000 + i)}.5`,
        format: 'jpeg',
        width: WIDTHS[i % WIDTHS.length],
        seed: i,
        sticker: { text: shown, format },
      }),
    );
    const codes = await readPhotoCodes(file);
    const flagged = codeMismatch(codes, own, index) !== null;
    if (!isSwapped && flagged) figures.falseMismatches++;
    if (isSwapped && flagged) figures.swappedFlagged++;
    if (isSwapped && codes.length === 0) figures.swappedUnread++;
    if (codes.length === 0)
      figures.unread.push(`${String(WIDTHS[i % WIDTHS.length])} px ${format}`);
  }
  return figures;
}
