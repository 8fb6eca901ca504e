// Sample photos with a route sheet for them, for the window's billing tests: the sheet names its
// meter id column "Gerät Nr." (so the clerk has to map it), is saved the way a German Excel saves
// it (';', decimal comma), and is set up so the checks find something: the first meter's reading
// is far above its usual use (flagged), one meter has no photo (missing) and the last photo has
// no meter (unmatched). The other readings are exactly what their meters use.
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cachedSampleFolder } from './samples';

const DAYS = 30;
const DAY_MS = 86_400_000;

export interface RouteFixture {
  readonly photos: string;
  readonly sheet: string;
  /** Meter ids in walking order with their photo's reading; the flagged one first. */
  readonly meters: readonly { id: string; reading: string | null; relPath: string | null }[];
  readonly flagged: string;
  /** The meter without a photo (9999); with `spare`, 9998 has none until one is assigned. */
  readonly missing: string;
  /** The photo no meter claims. */
  readonly unmatchedPhoto: string;
  /** What the clerk maps by hand: the columns that do not name themselves. */
  readonly clerkFields: Readonly<Record<string, string>>;
}

/** "00838.7" with value 600 → "00600.0": the register's digits and decimals kept. */
function asReading(value: number, like: string): string {
  const [whole = '', frac = ''] = like.split('.');
  const fixed = Math.max(0, value).toFixed(frac.length);
  const [w = '0', f] = fixed.split('.');
  return `${w.padStart(whole.length, '0')}${f === undefined ? '' : `.${f}`}`;
}

export async function writeRouteFixture(
  dir: string,
  {
    count = 5,
    spare = false,
    flagged = 1,
    stickers = 0,
    swapped = 0,
    width = 480,
  }: {
    count?: number;
    spare?: boolean;
    /** How many meters, from the first, are flagged. */
    flagged?: number;
    /** Photos, from the first, whose meter carries a serial sticker (the sheet's Barcode column). */
    stickers?: number;
    /** Of those, the last ones show the next stickered meter's code (a swapped meter). */
    swapped?: number;
    /** Photo width; a Code 128 sticker needs room (at 480 px it covers half the photo). */
    width?: number;
  } = {},
): Promise<RouteFixture> {
  const photos = join(dir, 'photos');
  const manifest = await cachedSampleFolder(photos, {
    count,
    seed: 1313,
    formats: ['jpeg'],
    subfolders: false,
    duplicates: 0,
    stickers,
    swapped,
    // 480 px gives a short side of 360 px: above the 320 px the photo check wants, so none is held.
    width,
    concurrency: 2,
  });
  // Named after the meter, as readers' apps do: a camera's own IMG_0001 is no meter number.
  const files = await Promise.all(
    manifest.files
      .filter((f) => f.reading !== null)
      .map(async (f) => {
        const relPath = f.relPath.replace(/^IMG_/, 'meter_');
        await rename(join(photos, f.relPath), join(photos, relPath));
        return { ...f, relPath };
      }),
  );
  const idOf = (relPath: string): string => /(\d{4})\.[a-z]+$/i.exec(relPath)?.[1] ?? '';
  const previousAt = new Date(Date.now() - DAYS * DAY_MS).toISOString().slice(0, 10);
  const unmatched = files[files.length - 1];
  if (!unmatched) throw new Error('no sample photos');
  const lines = [
    'Gerät Nr.;Konto;Route;Reihenfolge;Vorkommastellen;Nachkommastellen;Altstand;Ablesedatum alt;Tagesdurchschnitt;Barcode',
  ];
  const meters: { id: string; reading: string | null; relPath: string | null }[] = [];
  const line = (id: string, i: number, reading: string, flagged: boolean, barcode = ''): string => {
    const value = Number(reading);
    // The flagged meter used six times its usual amount; the others exactly their usual amount.
    const previous = flagged ? value * 0.2 : value * 0.9;
    const used = value - Number(asReading(previous, reading));
    const avg = flagged ? used / DAYS / 6 : used / DAYS;
    const [whole = '', frac = ''] = reading.split('.');
    return [
      id,
      `K-${String(40_000 + i)}`,
      'Nord',
      String(i + 1),
      String(whole.length),
      String(frac.length),
      asReading(previous, reading).replace('.', ','),
      previousAt.split('-').reverse().join('.'),
      avg.toFixed(4).replace('.', ','),
      barcode,
    ].join(';');
  };
  files.slice(0, -1).forEach((f, i) => {
    const reading = f.reading ?? '0';
    lines.push(line(idOf(f.relPath), i, reading, i < flagged, f.serial ?? ''));
    meters.push({ id: idOf(f.relPath), reading, relPath: f.relPath });
  });
  // With `spare`, 9998 is the meter the unmatched photo shows (a clerk assigns it by hand).
  if (spare) {
    lines.push(line('9998', 98, unmatched.reading ?? '0', false));
    meters.push({ id: '9998', reading: unmatched.reading, relPath: null });
  }
  lines.push(['9999', 'K-49999', 'Nord', '100', '5', '1', '00100,0', '', '0,5', ''].join(';'));
  meters.push({ id: '9999', reading: null, relPath: null });
  const sheet = join(dir, 'Route Nord.csv');
  await writeFile(sheet, `\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
  return {
    photos,
    sheet,
    meters,
    flagged: meters[0]?.id ?? '',
    missing: '9999',
    unmatchedPhoto: unmatched.relPath,
    clerkFields: { meterId: 'Gerät Nr.', previousReadAt: 'Ablesedatum alt' },
  };
}
