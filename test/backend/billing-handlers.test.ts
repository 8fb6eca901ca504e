// The billing channels over the real backend (real engine, SQLite queue, sandbox over HTTP), called
// the way the window calls them, main's dialogs answered by the test: a route sheet chosen,
// previewed, mapped and loaded; photos matched, by pattern and by hand; a flagged reading reviewed;
// a skip and a typed reading recorded; the template saved, exported and imported; both exports.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_TEMPLATE, exportTemplateJson } from '../../common/billing/export-template';
import type { SheetPreview } from '../../common/ipc/billing-views';
import { openDesktop, until, value, type Desktop } from '../ipc/helpers/desktop';
import { writeRouteFixture, type RouteFixture } from '../helpers/route-fixture';
import { rowProblemEnglish } from '../../common/billing/row-problem-english';

let d: Desktop;
let fx: RouteFixture;

beforeAll(async () => {
  d = await openDesktop();
  fx = await writeRouteFixture(join(d.dir, 'work'));
  value(await d.bridge.startSandbox({ photos: 1 }));
  value(await d.bridge.addPaths({ paths: [fx.photos] }));
  await until(
    async () => {
      const s = value(await d.bridge.snapshot());
      return s.status.counts.done === fx.meters.length && s.status.counts.total > 0;
    },
    'every sample photo read',
    90_000,
  );
}, 180_000);

afterAll(async () => {
  await d.close();
});

async function chooseSheet(path: string): Promise<SheetPreview> {
  d.os.openAnswers.push(path);
  const choice = value(await d.bridge.chooseRouteSheet());
  if (choice.canceled || !('preview' in choice)) throw new Error('no preview');
  return choice.preview;
}

describe('route sheet', () => {
  it('is refused before it was chosen in the dialog', async () => {
    const reply = await d.bridge.loadRouteSheet({
      path: fx.sheet,
      mappingJson: JSON.stringify({ version: 1, fields: { meterId: 'Gerät Nr.' } }),
    });
    expect(reply.ok).toBe(false);
    if (!reply.ok) expect(reply.error.message).toMatch(/Load route sheet/);
  });

  it('canceling the dialog loads nothing', async () => {
    d.os.openAnswers.push(null);
    expect(value(await d.bridge.chooseRouteSheet())).toEqual({ canceled: true });
  });

  it('the preview asks for the meter id column; a mapping without it is refused', async () => {
    const preview = await chooseSheet(fx.sheet);
    expect(preview.headers[0]).toBe('Gerät Nr.');
    expect(preview.unmappedRequired).toContain('meterId');
    expect(preview.sampleRows.length).toBeGreaterThan(0);
    expect(preview.delimiter).toBe(';');
    const refused = await d.bridge.loadRouteSheet({
      path: fx.sheet,
      mappingJson: JSON.stringify(preview.mapping),
    });
    expect(refused.ok ? '' : refused.error.message).toMatch(/meterId/);
    expect(value(await d.bridge.billingOverview()).totals.meters).toBe(0);
  });

  it('a sheet with a repeated meter id is reported by row and loads nothing', async () => {
    const bad = join(d.dir, 'bad.csv');
    await writeFile(bad, 'meter_id,account\nA1,K1\nA2,K2\nA1,K3\n');
    const preview = await chooseSheet(bad);
    const loaded = value(
      await d.bridge.loadRouteSheet({ path: bad, mappingJson: JSON.stringify(preview.mapping) }),
    );
    expect(loaded.ok).toBe(false);
    if (!loaded.ok)
      expect(loaded.problems[0]).toMatchObject({ row: 4, code: 'duplicate_meter_id' });
    expect(value(await d.bridge.billingOverview()).totals.meters).toBe(0);
  });

  it('loads with the clerk’s mapping, matches photos and remembers the mapping', async () => {
    const preview = await chooseSheet(fx.sheet);
    const mapping = {
      ...preview.mapping,
      fields: { ...preview.mapping.fields, ...fx.clerkFields },
    };
    const loaded = value(
      await d.bridge.loadRouteSheet({ path: fx.sheet, mappingJson: JSON.stringify(mapping) }),
    );
    if (!loaded.ok) throw new Error(loaded.problems.map(rowProblemEnglish).join(' '));
    expect(loaded.meters).toBe(fx.meters.length);
    expect(loaded.matched).toBe(fx.meters.length - 1);
    const again = await chooseSheet(fx.sheet);
    expect(again.mappingSource).toBe('saved');
    expect(again.mapping.fields.meterId).toBe('Gerät Nr.');

    const overview = value(await d.bridge.billingOverview());
    expect(overview.totals.meters).toBe(fx.meters.length);
    expect(overview.totals.flagged).toBe(1);
    expect(overview.totals.missing).toBe(1);
    expect(overview.unmatchedPhotos).toBe(1);
    expect(overview.flaggedMeters).toEqual([fx.flagged]);
  });
});

describe('meters', () => {
  it('lists by filter in walking order', async () => {
    const flagged = value(await d.bridge.listMeters({ filter: 'flagged' }));
    expect(flagged.rows.map((r) => r.meterId)).toEqual([fx.flagged]);
    expect(flagged.rows[0]?.jobId).not.toBeNull();
    const all = value(await d.bridge.listMeters({ filter: 'all' }));
    expect(all.rows.map((r) => r.meterId)).toEqual(fx.meters.map((m) => m.id));
    const unmatched = value(await d.bridge.listMeters({ filter: 'unmatched' }));
    expect(unmatched.rows.map((r) => r.photo)).toEqual([fx.unmatchedPhoto]);
    const missing = value(await d.bridge.listMeters({ filter: 'missing', search: '99' }));
    expect(missing.total).toBe(1);
  });

  it('the picker finds meters by id and account', async () => {
    const byId = value(await d.bridge.findMeters({ query: fx.missing }));
    expect(byId[0]?.meterId).toBe(fx.missing);
    const byAccount = value(await d.bridge.findMeters({ query: 'k-49999' }));
    expect(byAccount.map((m) => m.meterId)).toEqual([fx.missing]);
  });

  it('the detail names the rule that fired and the previous reading', async () => {
    const detail = value(await d.bridge.meterDetail({ meterId: fx.flagged }));
    expect(detail.state).toBe('flagged');
    expect(detail.check?.flagged.length).toBeGreaterThan(0);
    expect(detail.check?.baseline?.reading).toBeTruthy();
    expect(detail.check?.consumption).toBeGreaterThan(0);
    const unknown = await d.bridge.meterDetail({ meterId: 'nope' });
    expect(unknown.ok ? null : unknown.error.code).toBe('not_found');
  });

  it('accepting the flagged reading confirms the meter', async () => {
    const detail = value(await d.bridge.meterDetail({ meterId: fx.flagged }));
    value(await d.bridge.review({ id: detail.chosenJobId ?? 0, action: 'accept' }));
    const after = value(await d.bridge.meterDetail({ meterId: fx.flagged }));
    expect(after.state).toBe('confirmed');
    expect(after.confirmation).toBe('confirmed');
  });

  it('a photo is assigned by hand; an unknown meter is refused', async () => {
    const photo = value(await d.bridge.listMeters({ filter: 'unmatched' })).rows[0];
    const jobId = photo?.jobId ?? 0;
    const refused = await d.bridge.assignMeter({ jobId, meterId: 'NOPE' });
    expect(refused.ok ? null : refused.error.code).toBe('not_found');
    const job = value(await d.bridge.assignMeter({ jobId, meterId: fx.missing }));
    expect(job.meterId).toBe(fx.missing);
    expect(job.matchHow).toBe('manual');
    expect(value(await d.bridge.billingOverview()).unmatchedPhotos).toBe(0);
    // The store keeps a hand-made match unless another meter is named (never back to none).
    const none = await d.bridge.assignMeter({ jobId, meterId: null });
    expect(none.ok ? '' : none.error.message).toMatch(/another meter/);
  });

  it('skip codes: "other" needs a note', async () => {
    const bare = await d.bridge.recordSkip({ meterId: fx.missing, code: 'other' });
    expect(bare.ok).toBe(false);
    const skipped = value(
      await d.bridge.recordSkip({ meterId: fx.missing, code: 'locked', note: 'Keller zu' }),
    );
    expect(skipped.state).toBe('skipped');
    expect(skipped.meter.skipNote).toBe('Keller zu');
  });

  it('a typed reading takes a decimal comma and is recorded as typed', async () => {
    const id = fx.meters[1]?.id ?? '';
    // The meter's true reading, as a German clerk types it: billable, its consumption known.
    const reading = fx.meters[1]?.reading ?? '';
    const typed = value(
      await d.bridge.typeReading({ meterId: id, reading: reading.replace('.', ',') }),
    );
    expect(typed.reading).toBe(reading);
    expect(typed.confirmation).toBe('typed');
    const bad = await d.bridge.typeReading({ meterId: id, reading: '12.3.4' });
    expect(bad.ok ? null : bad.error.code).toBe('invalid_request');
  });

  it("a typed reading is held to the meter's register as the sheet sets it up", async () => {
    const meter = fx.meters[1];
    const digits = (meter?.reading ?? '').split('.')[0]?.length ?? 0;
    const tooLong = await d.bridge.typeReading({
      meterId: meter?.id ?? '',
      reading: '1'.repeat(digits + 1),
    });
    expect(tooLong.ok ? '' : tooLong.error.message).toBe(
      `At most ${String(digits)} digits before the decimal mark for this meter.`,
    );
  });

  it('a bad pattern is refused with its sentence; a good one matches again', async () => {
    const bad = await d.bridge.setFilePattern({ pattern: 'IMG_{nope}' });
    expect(bad.ok ? '' : bad.error.message).toMatch(/nope/);
    // The fixture names photos as readers' apps do (meter_0001.jpg).
    const set = value(await d.bridge.setFilePattern({ pattern: 'meter_{meter}*' }));
    // The flagged meter's photo was confirmed and the unmatched one assigned by hand: both stay.
    expect(set.matched).toBe(fx.meters.length - 2);
    expect(value(await d.bridge.billingOverview()).pattern).toBe('meter_{meter}*');
    // A pattern no photo fits unmatches them; going back to no pattern matches them again.
    expect(value(await d.bridge.setFilePattern({ pattern: 'IMG_{meter}*' })).matched).toBe(0);
    const none = value(await d.bridge.setFilePattern({ pattern: null }));
    expect(none.matched).toBe(fx.meters.length - 2);
  });
});

describe('exports', () => {
  const semicolon = exportTemplateJson({
    ...DEFAULT_EXPORT_TEMPLATE,
    name: 'Büro',
    delimiter: ';',
    decimalMark: ',',
    columns: [
      { field: 'meter_id', header: 'Zählernummer' },
      { field: 'reading', header: 'Zählerstand' },
      { field: 'skip_code', header: 'Grund' },
    ],
  });

  it('a template is saved, written to a file and read back', async () => {
    const saved = value(await d.bridge.saveTemplate({ templateJson: semicolon }));
    expect(value(await d.bridge.billingOverview()).templateJson).toBe(saved.templateJson);
    const file = join(d.dir, 'office.json');
    d.os.saveAnswers.push(file);
    const written = value(await d.bridge.exportTemplate({ templateJson: semicolon }));
    expect(written).toMatchObject({ canceled: false, path: file });
    d.os.openAnswers.push(file);
    const imported = value(await d.bridge.importTemplate());
    expect(imported.canceled ? null : JSON.parse(imported.templateJson)).toMatchObject({
      name: 'Büro',
      delimiter: ';',
    });
    expect(d.os.dialogsAsked).toContain('save template');
  });

  it('the billing export writes finished meters only by default, with the template', async () => {
    const out = join(d.dir, 'billing.csv');
    d.os.saveAnswers.push(out);
    const written = value(
      await d.bridge.exportBilling({ templateJson: semicolon, scope: 'finished' }),
    );
    if (written.canceled) throw new Error('canceled');
    const text = (await readFile(out, 'utf8')).replace(/^\ufeff/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Zählernummer;Zählerstand;Grund');
    expect(lines).toContain(`${fx.missing};;locked`);
    const typed = (fx.meters[1]?.reading ?? '').replace('.', ',');
    expect(lines.some((l) => l.startsWith(`${fx.meters[1]?.id ?? ''};${typed}`))).toBe(true);
    expect(written.rows).toBe(lines.length - 1);
    expect(written.readings).toBe(written.rows - written.skipped);
  });

  it('missing meters go to their own file; cancel writes nothing', async () => {
    d.os.saveAnswers.push(null);
    expect(value(await d.bridge.exportMissing())).toEqual({ canceled: true });
    const out = join(d.dir, 'missing.csv');
    d.os.saveAnswers.push(out);
    const written = value(await d.bridge.exportMissing());
    // Every meter has a reading or a skip by now: only the locked one needs a visit.
    expect(written).toMatchObject({ canceled: false, rows: 1 });
    // In the dialect the sheet came in (UTF-8 with a BOM, ";", decimal comma), as the office's
    // field list is in the office's sheets' dialect.
    const text = await readFile(out, 'utf8');
    expect(text.startsWith('\uFEFFmeter_id;account;')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines[1]).toBe(
      `${fx.missing};K-49999;;Nord;100;Skipped: locked (Keller zu).;skip;;"00100,0";`,
    );
  });
});
