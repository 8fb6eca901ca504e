// `meter-desk run --route` end to end, in-process against the sandbox over HTTP: the sheet is
// checked before anything is sent, every photo is matched and checked, and the billing export has
// one row per meter in the default template's columns, in the sheet's dialect (";", decimal comma,
// its ISO dates, UTF-8 with BOM); `meter-desk routes` shows the progress.
import { parse } from 'csv-parse/sync';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { captureIo } from '../helpers/cli-io';
import { harness, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const DEFAULT_COLUMNS =
  'meter_id,account,route,sequence,read_at,reading,ai_reading,confirmation,read_type,skip_code,consumption,previous_reading,previous_read_at,plausibility,reasons,use_on_bill,photo,photo_sha256,task_id';

function env(hh: Harness): Record<string, string> {
  return { METER_DESK_BASE_URL: hh.sandbox.url, METER_DESK_API_KEY: hh.sandbox.apiKey };
}

/** A sheet for the harness's photos: meter = the photo's number; one high, one with no photo. */
function routeSheet(hh: Harness): { file: string; high: string } {
  const photos = hh.manifest.files.filter(
    (f) => f.expected.outcome === 'accepted' && f.reading && f.duplicateOf === null,
  );
  const previousAt = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  let high = '';
  const rows = photos.map((f, i) => {
    const id = /(\d{4})\.[a-z]+$/i.exec(f.relPath)?.[1] ?? '';
    const value = Number(f.reading);
    const usual = value > 200 ? 15 : value * 0.5;
    const used = i === 0 && value > 200 ? 150 : usual;
    if (i === 0 && value > 200) high = id;
    const [whole = '', frac = ''] = (f.reading ?? '').split('.');
    const previous = (value - used).toFixed(frac.length).padStart(f.reading?.length ?? 0, '0');
    const daily = (usual / 30).toFixed(4).replace('.', ',');
    return `${id};=cmd|'/c calc'!A${String(i)};R1;${String(i + 1)};${String(whole.length)};${String(frac.length)};${previous.replace('.', ',')};${previousAt};${daily}`;
  });
  rows.push(`9999;K-9;R1;99;5;0;00001;${previousAt};0,5`);
  const file = join(hh.dir, 'route.csv');
  writeFileSync(
    file,
    `\uFEFFmeter_id;account;route;sequence;digits;decimals;previous_reading;previous_read_at;avg_daily_use\r\n${rows.join('\r\n')}\r\n`,
  );
  return { file, high };
}

describe('meter-desk run --route', () => {
  it('reads, matches and checks every photo, and exports one row per meter', async () => {
    h = await harness({ photos: 8, duplicates: 1, subfolders: false });
    const { file, high } = routeSheet(h);
    const out = join(h.dir, 'billing.csv');
    const io = captureIo(env(h));
    const code = await main(
      ['run', h.photos, '--route', file, '--export', out, '--db', h.dbFile],
      io,
    );
    expect(code, io.all()).toBe(0);
    const text = readFileSync(out, 'utf8');
    // The sheet is ";"-separated with decimal commas: so is its export.
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${DEFAULT_COLUMNS.replaceAll(',', ';')}`);
    const rows = parse<Record<string, string>>(text, { bom: true, columns: true, delimiter: ';' });
    const meters = rows.filter((r) => r.meter_id !== '');
    expect(meters).toHaveLength(9);
    // The copy of a photo is not a second reading of its meter.
    expect(new Set(meters.map((r) => r.meter_id)).size).toBe(9);
    const missing = meters.find((r) => r.meter_id === '9999');
    expect(missing).toMatchObject({ reading: '', read_type: 'no_read', use_on_bill: 'no' });
    const read = meters.filter((r) => r.meter_id !== '9999');
    for (const r of read) {
      expect(r.reading, r.meter_id).toBe(r.ai_reading);
      expect(r.reading, r.meter_id).not.toContain('.');
      expect(r.previous_reading, r.meter_id).not.toContain('.');
      expect(r.previous_read_at, r.meter_id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // A formula in the sheet is text in the export, never something a spreadsheet runs.
      expect(r.account?.startsWith("'=")).toBe(true);
    }
    expect(read.some((r) => /^\d+,\d+$/.test(r.reading ?? ''))).toBe(true);
    if (high) {
      expect(read.find((r) => r.meter_id === high)).toMatchObject({
        plausibility: 'warning',
        use_on_bill: 'no',
      });
      expect(io.stdout()).toContain(`flagged: meter ${high}`);
    }
    expect(read.filter((r) => r.plausibility === 'ok').every((r) => r.use_on_bill === 'yes')).toBe(
      true,
    );
    expect(io.stdout()).toContain('missing: meter 9999');

    const progress = captureIo(env(h));
    const missingCsv = join(h.dir, 'missing.csv');
    expect(await main(['routes', '--db', h.dbFile, '--missing', missingCsv], progress)).toBe(0);
    expect(progress.stdout()).toMatch(/R1\s+9\s+/);
    // The field list in the sheet's dialect (";"-separated, UTF-8 with a BOM, ISO dates), as its
    // billing export.
    const field = readFileSync(missingCsv, 'utf8');
    expect(field.startsWith('\uFEFFmeter_id;account;')).toBe(true);
    expect(field).toContain('9999;K-9;;R1;99;No photo of this meter.;');
  });

  it('a bad route sheet stops the run before anything is sent, naming the rows', async () => {
    h = await harness({ photos: 3, duplicates: 0, subfolders: false });
    const file = join(h.dir, 'bad.csv');
    writeFileSync(file, 'meter_id;previous_reading\r\n11;00010\r\n11;00012\r\n12;twelve\r\n');
    const io = captureIo(env(h));
    const code = await main(['run', h.photos, '--route', file, '--db', h.dbFile], io);
    expect(code).toBe(2);
    expect(io.stderr()).toMatch(/was not loaded \(nothing of it\)/);
    expect(io.stderr()).toMatch(/row 3/i);
    expect(io.stderr()).toMatch(/row 4/i);
    expect(h.sandbox.ledger.counts().tasksCreated).toBe(0);
  });

  it('an empty sheet, a sheet without an id column and a broken pattern are clear usage errors', async () => {
    h = await harness({ photos: 1, duplicates: 0, subfolders: false });
    const empty = join(h.dir, 'empty.csv');
    writeFileSync(empty, '');
    const noId = join(h.dir, 'no-id.csv');
    writeFileSync(noId, 'Kennung;Stand\r\n1;2\r\n');
    for (const [args, words] of [
      [['--route', empty], /empty/i],
      [['--route', noId], /meter id/i],
      [['--pattern', '{meter'], /--pattern/],
      [['--route', join(h.dir, 'nope.csv')], /no file at/],
    ] as const) {
      const io = captureIo(env(h));
      expect(await main(['run', h.photos, ...args, '--db', h.dbFile], io)).toBe(2);
      expect(io.stderr()).toMatch(words);
    }
    expect(h.sandbox.ledger.counts().tasksCreated).toBe(0);
  });
});
