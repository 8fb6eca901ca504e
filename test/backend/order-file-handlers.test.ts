// Billing files through the window's channels over the real backend (real engine, SQLite queue,
// sandbox over HTTP), main's dialogs answered by the test: an SAP order file chosen under "Load
// route sheet" is recognised by its content and loaded through the same action as the CLI, its
// exceptions with their lines; the kept copy is the file byte for byte; a meter's detail carries
// billing's limits and the code its reading will get; the return file and its exceptions CSV are
// written as `export --return-file` writes them; an office's own profile file that maps no "high"
// code refuses the return and writes nothing.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinProfile } from '../../common/billing/order-files/builtin-profiles';
import type { OrderFilePreview } from '../../common/ipc';
import { openDesktop, until, value, type Desktop } from '../ipc/helpers/desktop';
import { writeOrderRouteFixture, type OrderRouteFixture } from '../helpers/order-route-fixture';
import { byteDiff } from '../billing/order-files/byte-diff';

let d: Desktop;
let fx: OrderRouteFixture;

beforeAll(async () => {
  d = await openDesktop();
  fx = await writeOrderRouteFixture(join(d.dir, 'work'));
  value(await d.bridge.startSandbox({ photos: 1 }));
  value(await d.bridge.addPaths({ paths: [fx.route.photos] }));
  await until(
    async () => {
      const s = value(await d.bridge.snapshot());
      return s.status.counts.done === fx.route.meters.length && s.status.counts.total > 0;
    },
    'every sample photo read',
    90_000,
  );
}, 180_000);

afterAll(async () => {
  await d.close();
});

async function chooseOrderFile(path: string): Promise<OrderFilePreview> {
  d.os.openAnswers.push(path);
  const choice = value(await d.bridge.chooseRouteSheet());
  if (choice.canceled || !('order' in choice)) throw new Error('not an order file');
  return choice.order;
}

describe('order file in the window', () => {
  it('is refused before it was chosen in the dialog', async () => {
    const reply = await d.bridge.loadOrderFile({ path: fx.file, profile: null });
    expect(reply.ok ? '' : reply.error.message).toMatch(/Load route sheet/);
  });

  it('"Load route sheet" recognises the SAP file and loads it with its exceptions', async () => {
    const preview = await chooseOrderFile(fx.file);
    expect(preview).toMatchObject({ name: 'MR_ORDERS.csv', recognised: 'sap-isu' });
    expect(preview.builtins).toEqual(['neptune-imp', 'sensus-fixed', 'sap-isu', 'csv-passthrough']);
    const loaded = value(await d.bridge.loadOrderFile({ path: fx.file, profile: null }));
    if (!loaded.ok) throw new Error(loaded.problem);
    expect(loaded.profile).toBe('sap-isu');
    expect(loaded.meters).toBe(fx.meters.length);
    expect(loaded.matched).toBe(fx.meters.length - 1);
    const at = loaded.exceptions.map((e) => `${e.reason}@${String(e.line)}`);
    expect(at).toContain('not_an_order@1');
    expect(at).toContain(`duplicate_key@${String(fx.duplicateLine)}`);
    expect(at).toContain(`not_an_order@${String(fx.trailerLine)}`);
    // The copy a return is built from is the file as it came (the queue's SHA-256 of its bytes).
    expect(loaded.sha256).toBe(createHash('sha256').update(readFileSync(fx.file)).digest('hex'));
    const overview = value(await d.bridge.billingOverview());
    expect(overview.orderFile).toMatchObject({ name: 'MR_ORDERS.csv', profile: 'sap-isu' });
    expect(overview.totals.meters).toBe(fx.meters.length);
  });

  it('a meter’s detail shows billing’s limits and the code its reading gets', async () => {
    const high = fx.meters[0];
    if (!high) throw new Error('no meter');
    const detail = value(await d.bridge.meterDetail({ meterId: high.meter }));
    expect(detail.billingLimits).toMatchObject({
      profile: 'sap-isu',
      orderFile: 'MR_ORDERS.csv',
      key: high.key,
      line: high.line,
      low: high.low.replace(',', '.'),
      high: high.high.replace(',', '.'),
      wraps: false,
      condition: 'high',
      windowDays: 7,
      readDateInside: true,
    });
    const normal = fx.meters[2];
    if (!normal) throw new Error('no meter');
    const inside = value(await d.bridge.meterDetail({ meterId: normal.meter }));
    expect(inside.billingLimits?.condition).toBe('normal');
    const none = value(await d.bridge.meterDetail({ meterId: fx.route.missing }));
    expect(none.billingLimits?.condition).toBeNull();
  });

  it('writes the return file and its exceptions CSV; 0 bytes changed outside the fills', async () => {
    const out = join(d.dir, 'MR_RESULTS.csv');
    d.os.saveAnswers.push(out);
    const written = value(await d.bridge.exportReturnFile({ orderFile: 'MR_ORDERS.csv' }));
    if (written.canceled || !written.ok) throw new Error(JSON.stringify(written));
    expect(d.os.dialogsAsked).toContain('save return_file');
    expect(written.filled).toBe(fx.meters.length - 1);
    expect(written.exceptionsPath).toBe(join(d.dir, 'MR_RESULTS.exceptions.csv'));
    const profile = builtinProfile('sap-isu');
    if (!profile) throw new Error('sap-isu');
    const before = readFileSync(fx.file);
    const after = readFileSync(out);
    const diff = byteDiff(profile, before, after);
    expect(diff.changedOutside, diff.firstDifference ?? '').toBe(0);
    const lines = after.toString('latin1').split('\r\n');
    const cells = (line: number): string[] => lines[line - 1]?.split(';') ?? [];
    // The second row's street is quoted with a ';' in it: the third splits plainly.
    const [high, second, third] = fx.meters;
    if (!high || !second || !third) throw new Error('no meters');
    expect(cells(high.line)[17]).toBe('H1');
    expect(cells(third.line)[17]).toBe('');
    expect(cells(third.line)[16]).toBe(
      (third.reading ?? '').replace(/^0+(?=\d)/, '').replace('.', ','),
    );
    expect(cells(third.line)[18]).toBe('01');
    expect(lines[second.line - 1]).toContain('"Hauptstraße 5; Hinterhaus"');
    const missing = fx.meters.find((m) => m.reading === null);
    if (!missing) throw new Error('no missing meter');
    expect(lines[missing.line - 1]).toBe(before.toString('latin1').split('\r\n')[missing.line - 1]);
    const csv = readFileSync(written.exceptionsPath, 'utf8');
    expect(csv).toContain(`duplicate_key,${second.key},${String(fx.duplicateLine)},`);
    expect(csv).toContain(`not_read,${missing.key},${String(missing.line)},`);
    expect(written.exceptions.some((e) => e.reason === 'no_order')).toBe(true);
  });

  it('an own profile file without a "high" code refuses the return and writes nothing', async () => {
    const own = JSON.parse(JSON.stringify(builtinProfile('sap-isu'))) as {
      name: string;
      fills: { value: string; codes?: Record<string, string> }[];
    };
    own.name = 'our-sap';
    const note = own.fills.find((f) => f.value === 'readCode');
    if (note?.codes) delete note.codes.high;
    const ownFile = join(d.dir, 'our-sap.json');
    await writeFile(ownFile, JSON.stringify(own, null, 2));
    d.os.openAnswers.push(ownFile);
    const chosen = value(await d.bridge.chooseOrderProfile());
    if (chosen.canceled || !chosen.ok) throw new Error('profile refused');
    expect(chosen.name).toBe('our-sap');

    const broken = join(d.dir, 'broken.json');
    await writeFile(broken, '{"format":1,"name":"x","kind":"round"}');
    d.os.openAnswers.push(broken);
    const problems = value(await d.bridge.chooseOrderProfile());
    expect(!problems.canceled && !problems.ok && problems.problems.length).toBeGreaterThan(0);

    await chooseOrderFile(fx.file);
    const loaded = value(
      await d.bridge.loadOrderFile({ path: fx.file, profile: { json: chosen.json } }),
    );
    expect(loaded.ok && loaded.profile).toBe('our-sap');
    const out = join(d.dir, 'refused.csv');
    d.os.saveAnswers.push(out);
    const refused = value(await d.bridge.exportReturnFile({ orderFile: 'MR_ORDERS.csv' }));
    expect(refused).toMatchObject({
      canceled: false,
      ok: false,
      problem: 'refused',
      refusal: { meter: fx.high, readType: 'high', profile: 'our-sap' },
    });
    expect(existsSync(out)).toBe(false);
    expect(existsSync(join(d.dir, 'refused.exceptions.csv'))).toBe(false);
  });

  it('a profile that cannot read the file says why and loads nothing', async () => {
    await chooseOrderFile(fx.file);
    const loaded = value(
      await d.bridge.loadOrderFile({ path: fx.file, profile: { builtin: 'csv-passthrough' } }),
    );
    expect(loaded).toMatchObject({ ok: false, profile: 'csv-passthrough' });
    const unknown = await d.bridge.loadOrderFile({ path: fx.file, profile: { builtin: 'nope' } });
    expect(unknown.ok ? '' : unknown.error.message).toMatch(/No built-in profile "nope"/);
  });
});
