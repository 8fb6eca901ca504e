// The demo's route sheet: the billing system's view of the meters the sample photos show (a
// photo's number, IMG_0007.jpg, is meter 0007), with previous readings chosen so the checks have
// something to find: a few readings high for their meter, one below its previous reading, two
// meters that rolled over past 99999 (two extra photos), one meter nobody photographed and one
// photo of a meter the sheet does not know. Written the way a German office's Excel saves it:
// semicolons and decimal commas.
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { renderMeterPhoto, type SampleManifestEntry } from '../../../sandbox/samples';

const DAYS = 30;
const DAILY = 0.5;
const DAY_MS = 86_400_000;

interface SheetRow {
  meterId: string;
  account: string;
  address: string;
  route: string;
  sequence: number;
  digits: number;
  decimals: number;
  previous: string;
  previousAt: string;
  avgDaily: number;
  /** The serial on the meter's sticker, where it has one. */
  barcode: string;
}

/** A reading with the register's digits (leading zeros) and decimals, as meters show it. */
function asReading(value: number, digits: number, decimals: number): string {
  const fixed = Math.max(0, value).toFixed(decimals);
  const [whole = '0', frac] = fixed.split('.');
  return `${whole.padStart(digits, '0')}${frac === undefined ? '' : `.${frac}`}`;
}

function registerOf(reading: string): { digits: number; decimals: number } {
  const [whole = '', frac = ''] = reading.split('.');
  return { digits: whole.length, decimals: frac.length };
}

export interface DemoRoute {
  sheet: string;
  /** What the demo expects the checks to find, by meter id. */
  expected: Map<string, 'ok' | 'high' | 'negative' | 'rollover' | 'no_photo' | 'no_meter'>;
}

/**
 * Writes `route.csv` into `dir` and the two rollover photos into `photos/Route 7`, from the
 * sample photos' manifest. Returns the sheet's path and what each meter should come out as.
 */
export async function writeDemoRoute(
  dir: string,
  photos: string,
  files: readonly SampleManifestEntry[],
  now: Date,
): Promise<DemoRoute> {
  const previousAt = new Date(now.getTime() - DAYS * DAY_MS).toISOString().slice(0, 10);
  const originals = files.filter(
    (f) => f.expected.outcome === 'accepted' && f.reading !== null && f.duplicateOf === null,
  );
  const expected: DemoRoute['expected'] = new Map();
  const rows: SheetRow[] = [];
  const usual = DAYS * DAILY;
  const numberOf = (relPath: string): string => /(\d{4})\.[a-z]+$/i.exec(relPath)?.[1] ?? '';
  // The last photo's meter is left out of the sheet: a photo that matches no meter.
  const unknown = originals[originals.length - 1];
  if (unknown) expected.set(numberOf(unknown.relPath), 'no_meter');
  let high = 0;
  let negative = 0;
  originals.slice(0, -1).forEach((f, i) => {
    const reading = f.reading ?? '0';
    const value = Number(reading);
    const { digits, decimals } = registerOf(reading);
    // A meter that shows less than a usual month has used less: its average is its own.
    const avgDaily = value < usual * 1.5 ? (value * 0.6) / DAYS : DAILY;
    let previous = value - avgDaily * DAYS * (0.9 + ((i * 7) % 5) / 20);
    let kind: 'ok' | 'high' | 'negative' = 'ok';
    if (high < 3 && value > usual * 8 && i % 3 === 1) {
      previous = value - usual * 6;
      kind = 'high';
      high++;
    } else if (negative < 1 && i % 5 === 3) {
      previous = value + 40;
      kind = 'negative';
      negative++;
    }
    const meterId = numberOf(f.relPath);
    expected.set(meterId, kind);
    rows.push({
      meterId,
      account: `K-${String(40_000 + i)}`,
      address: `Lindenweg ${String(i + 1)}`,
      route: f.relPath.includes('/') ? (f.relPath.split('/')[0] ?? 'Route 1') : 'Route 1',
      sequence: i + 1,
      digits,
      decimals,
      previous: asReading(previous, digits, decimals),
      previousAt,
      avgDaily: Number(avgDaily.toFixed(3)),
      barcode: f.serial ?? '',
    });
  });
  // Two meters that went past 99999 since the last read, photographed on route 7.
  const route7 = path.join(photos, 'Route 7');
  await mkdir(route7, { recursive: true });
  const wraps: [string, string, string][] = [
    ['WM-7001', '00004.120', '99991.000'],
    ['WM-7002', '00002.500', '99985.000'],
  ];
  for (const [meterId, reading, previous] of wraps) {
    const photo = await renderMeterPhoto({ reading, format: 'jpeg', width: 480 });
    await writeFile(path.join(route7, `${meterId}_${now.toISOString().slice(0, 10)}.jpg`), photo);
    expected.set(meterId, 'rollover');
    rows.push({
      meterId,
      account: `K-7${meterId.slice(-3)}`,
      address: `Am Wasserturm ${meterId.slice(-1)}`,
      route: 'Route 7',
      sequence: Number(meterId.slice(-1)),
      digits: 5,
      decimals: 3,
      previous,
      previousAt,
      avgDaily: DAILY,
      barcode: '',
    });
  }
  // A meter on the route nobody photographed: it goes back to the field.
  rows.push({
    meterId: 'WM-7999',
    account: 'K-7999',
    address: 'Am Wasserturm 9',
    route: 'Route 7',
    sequence: 9,
    digits: 5,
    decimals: 3,
    previous: '01234.500',
    previousAt,
    avgDaily: DAILY,
    barcode: '',
  });
  expected.set('WM-7999', 'no_photo');
  const comma = (text: string): string => text.replace('.', ',');
  const lines = [
    'meter_id;account;address;route;sequence;digits;decimals;previous_reading;previous_read_at;avg_daily_use;barcode',
    ...rows.map((r) =>
      [
        r.meterId,
        r.account,
        r.address,
        r.route,
        String(r.sequence),
        String(r.digits),
        String(r.decimals),
        comma(r.previous),
        r.previousAt,
        comma(String(r.avgDaily)),
        r.barcode,
      ].join(';'),
    ),
  ];
  const sheet = path.join(dir, 'route.csv');
  await writeFile(sheet, `${lines.join('\r\n')}\r\n`);
  return { sheet, expected };
}
