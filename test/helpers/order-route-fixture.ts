// Sample photos named after their meters with an SAP IS-U order file for them (issue 31), for the
// window's billing-file tests: Windows-1252 with umlauts, CRLF, a comment line, trailing spaces,
// empty cells, the first meter's reading above billing's upper limit (code H1), a meter without a
// photo (9999), a duplicate key and a trailer. The unmatched photo of the route fixture names a
// meter in no record. Line numbers are the file's physical lines, 1-based.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeRouteFixture, type RouteFixture } from './route-fixture';

export const SAP_HEADER =
  'MRIDNUMBER;SERIALNO;REGISTER;MRREASON;TARGETMRDATE;STANZVOR;STANZNAC;PREVMRRESULT;PREVMRDATE;E_ZWSTERW;LOWERLIMIT;UPPERLIMIT;STREET;CITY;NOTE;METERREADER;READINGRESULT;METERREADINGNOTE;ISTABLART;ACTUALMRDATE;ACTUALMRTIME;MRDATEFORBILLING';

export interface OrderMeter {
  readonly meter: string;
  readonly key: string;
  readonly line: number;
  /** What its photo reads; null: no photo. */
  readonly reading: string | null;
  readonly previous: string;
  readonly low: string;
  readonly high: string;
}

export interface OrderRouteFixture {
  readonly route: RouteFixture;
  readonly file: string;
  readonly meters: readonly OrderMeter[];
  /** The meter whose reading is above billing's upper limit. */
  readonly high: string;
  readonly duplicateLine: number;
  readonly trailerLine: number;
}

const comma = (v: number, decimals: number): string => v.toFixed(decimals).replace('.', ',');

export async function writeOrderRouteFixture(
  dir: string,
  scheduled: Date = new Date(),
): Promise<OrderRouteFixture> {
  const route = await writeRouteFixture(dir);
  const day = scheduled.toISOString().slice(0, 10).replaceAll('-', '');
  const lines = ['* Ableseaufträge Müllheim, Bezirk Süd', SAP_HEADER];
  const meters: OrderMeter[] = [];
  const row = (
    key: string,
    meter: string,
    reading: string,
    opts: { high: boolean; street: string },
  ): { text: string; previous: string; low: string; high: string } => {
    const [whole = '', frac = ''] = reading.split('.');
    const value = Number(reading);
    const prev = Math.max(0, value - 20);
    const previous = comma(prev, frac.length);
    const low = previous;
    const high = comma(opts.high ? prev + 1 : value + 1000, frac.length);
    const cells = [
      key,
      meter,
      '001',
      '01',
      day,
      String(whole.length).padStart(2, '0'),
      String(frac.length),
      previous,
      '20260920',
      '',
      low,
      high,
      opts.street,
      'Müllheim',
      'Hund  ',
      'MÜLLER',
      '',
      '',
      '',
      '',
      '',
      '',
    ];
    return { text: cells.join(';'), previous, low, high };
  };
  const withPhotos = route.meters.filter((m) => m.reading !== null);
  withPhotos.forEach((m, i) => {
    const key = String(880000 + i).padStart(20, '0');
    const street = i === 1 ? '"Hauptstraße 5; Hinterhaus"' : `Hauptstraße ${String(i + 1)}`;
    const { text, ...limits } = row(key, m.id, m.reading ?? '0', { high: i === 0, street });
    lines.push(text);
    meters.push({ meter: m.id, key, line: lines.length, reading: m.reading, ...limits });
  });
  const { text: noneText, ...none } = row('00000000000000889999', route.missing, '00100.5', {
    high: false,
    street: 'Am Bach 1',
  });
  lines.push(noneText);
  meters.push({
    meter: route.missing,
    key: '00000000000000889999',
    line: lines.length,
    reading: null,
    ...none,
  });
  const dup = meters[1] ?? meters[0];
  if (!dup) throw new Error('no meters');
  lines.push(row(dup.key, dup.meter, '00100.5', { high: false, street: 'Doppelt 1' }).text);
  const duplicateLine = lines.length;
  lines.push(`*END;${String(meters.length + 1)}`);
  const trailerLine = lines.length;
  const file = join(dir, 'MR_ORDERS.csv');
  await writeFile(file, Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
  return {
    route,
    file,
    meters,
    high: meters[0]?.meter ?? '',
    duplicateLine,
    trailerLine,
  };
}
