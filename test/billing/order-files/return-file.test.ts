// The return file per built-in profile, on a real queue file: the order file loaded as a route,
// its meters' photos read, then `export --return-file`'s writer. Readings and codes right by the
// rule, the duplicate and the trailer passed through and reported, the meter without a photo in
// the not-read form, and 0 bytes changed outside the filled fields (an independent byte diff).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinProfile } from '../../../common/billing/order-files/builtin-profiles';
import type { FillValue, OrderProfile } from '../../../common/billing/order-files/profile';
import { writeReturnFile } from '../../../main/billing/order-files/write-return-file';
import { byteDiff } from './byte-diff';
import { FIXTURES, type Expect, type FixtureMeter } from './order-fixtures';
import { ORDER_NOW, orderQueue, type OrderQueue } from './order-queue';

let queue: OrderQueue | null = null;
afterEach(() => {
  queue?.close();
  queue = null;
});

type Fills = Partial<Record<FillValue, string>>;

/** The filled fields of a returned line, read by the profile's positions or header. */
function fillsOf(profile: OrderProfile, lines: readonly string[], index: number): Fills {
  const line = lines[index] ?? '';
  const out: Fills = {};
  if (profile.kind === 'fixed') {
    for (const f of profile.fills)
      if ('start' in f.field) out[f.value] = line.slice(f.field.start - 1, f.field.end);
    return out;
  }
  const header = lines.find((l) => !l.startsWith('*')) ?? '';
  const names = header.split(';');
  const cells = line.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  for (const f of profile.fills) {
    const field = f.field;
    if (!('column' in field)) continue;
    const at = names.findIndex((n) => field.column.includes(n));
    if (at >= 0) out[f.value] = cells[at] ?? '';
  }
  return out;
}

const CODES: Record<string, Partial<Record<Expect, string>>> = {
  'neptune-imp': { normal: 'KR', high: 'KH', low: 'KN', zero: 'KZ', wrapped: 'KR', verified: 'KV' },
  'sensus-fixed': { normal: 'R', high: 'H', low: 'L', zero: 'R', wrapped: 'R', verified: 'V' },
  'sap-isu': { normal: '', high: 'H1', low: 'L1', zero: '', wrapped: '', verified: 'V1' },
  'csv-passthrough': { normal: 'R', high: 'H', low: 'L', zero: 'R', wrapped: 'R', verified: 'V' },
};

/** What the reading field holds, by the profile's rule, for a reading of 5 digits and 1 decimal. */
function readingText(profile: string, reading: string): string {
  const [whole = '', frac = ''] = reading.split('.');
  if (profile === 'neptune-imp' || profile === 'sensus-fixed')
    return `${whole}${frac}`.replace(/^0+/, '').padStart(10, '0');
  if (profile === 'sap-isu') return `${whole.replace(/^0+(?=\d)/, '')},${frac}`;
  return `${whole},${frac}`;
}

const DATE_TIME: Record<string, Fills> = {
  'neptune-imp': { readDate: '20261020', readTime: '091530' },
  'sensus-fixed': { readDate: '10202026', readTime: '0915' },
  'sap-isu': { readDate: '20261020', readTime: '091530', billingDate: '20261020', readType: '01' },
  'csv-passthrough': { readDate: '20.10.2026', readTime: '09:15' },
};

function notRead(profile: OrderProfile, fills: Fills, m: FixtureMeter | string): void {
  for (const [value, text] of Object.entries(fills)) {
    const f = profile.fills.find((x) => x.value === value);
    if (
      f?.value === 'skipNote' &&
      typeof m !== 'string' &&
      m.expect === 'skip' &&
      profile.name === 'csv-passthrough'
    )
      expect(text, `${m.meter} ${value}`).toBe('dog');
    else
      expect(text.trim(), `${typeof m === 'string' ? m : m.meter} ${value}`).toBe(f?.notRead ?? '');
  }
}

describe.each(Object.keys(FIXTURES))('the %s return file', (name) => {
  it('fills every read meter by the rule and changes no byte outside the filled fields', async () => {
    const fixture = FIXTURES[name as keyof typeof FIXTURES]();
    const profile = builtinProfile(name);
    if (!profile) throw new Error(name);
    queue = await orderQueue(fixture);
    expect(queue.loaded).toMatchObject({ ok: true, profile: name });
    const out = join(queue.dir, `return-${name}.dat`);
    const written = await writeReturnFile(queue.store, out, {
      now: new Date(ORDER_NOW),
      zone: 'Europe/Berlin',
    });
    if (!written.ok) throw new Error(JSON.stringify(written));
    const after = readFileSync(out);
    const diff = byteDiff(profile, fixture.bytes, after);
    expect(diff.changedOutside, diff.firstDifference ?? '').toBe(0);
    // The file's own ending: a final CRLF where it had one, none where it had none.
    expect(after.subarray(-2).toString('latin1')).toBe(
      fixture.bytes.subarray(-2).toString('latin1'),
    );

    const lines = after.toString('latin1').split(/\r\n/);
    for (const m of fixture.meters) {
      const fills = fillsOf(profile, lines, m.line - 1);
      const code = CODES[name]?.[m.expect];
      if (code === undefined || m.reading === null) {
        notRead(profile, fills, m);
        continue;
      }
      expect(fills.reading, m.meter).toBe(readingText(name, m.reading));
      const codeValue = fills.readCode ?? '';
      expect(codeValue.trim(), `${m.meter} (${m.expect})`).toBe(code);
      for (const [k, v] of Object.entries(DATE_TIME[name] ?? {}))
        expect(fills[k as FillValue], `${m.meter} ${k}`).toBe(v);
    }
    notRead(profile, fillsOf(profile, lines, fixture.duplicateLine - 1), 'duplicate');

    const csv = readFileSync(written.exceptionsPath, 'utf8').split('\r\n');
    expect(csv[0]).toBe('reason,key,line,detail');
    const has = (reason: string, line: number): boolean =>
      csv.some((l) => l.startsWith(`${reason},`) && l.split(',')[2] === String(line));
    expect(has('duplicate_key', fixture.duplicateLine)).toBe(true);
    for (const line of fixture.notOrderLines)
      expect(has('not_an_order', line), String(line)).toBe(true);
    const byExpect = (e: Expect): FixtureMeter[] => fixture.meters.filter((m) => m.expect === e);
    for (const m of byExpect('not_read')) expect(has('not_read', m.line), m.meter).toBe(true);
    for (const m of byExpect('format')) expect(has('format', m.line), m.meter).toBe(true);
    for (const m of byExpect('shared')) expect(has('shared_meter', m.line), m.meter).toBe(true);
    for (const m of byExpect('high')) expect(has('limits', m.line), m.meter).toBe(true);
    // The skipped meter: the CSV's note column takes the skip code; elsewhere it is not read.
    for (const m of byExpect('skip'))
      expect(has('not_read', m.line), m.meter).toBe(name !== 'csv-passthrough');
    expect(written.filled).toBe(
      fixture.meters.filter((m) => CODES[name]?.[m.expect] !== undefined && m.reading !== null)
        .length,
    );
  });
});
