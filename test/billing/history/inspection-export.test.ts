// `meter-desk export inspection.csv --inspection` on a real queue: a generated route's history
// imported by the CLI, its sheet (status and class) loaded through the action layer; the list
// starts with the stopped meters, then the vacant accounts that used water, then the meters
// falling fastest, where most of the slowing meters are; vacant accounts without use are not in it.
import { parse } from 'csv-parse/sync';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { generateHistoryRoute } from '../../../bench/lib/history-route';
import { main } from '../../../main/cli/main';
import { captureIo } from '../../helpers/cli-io';
import { openDecisionQueue, type DecisionQueue } from '../decision-queue';

let queue: DecisionQueue | undefined;
afterEach(() => {
  queue?.close();
  queue = undefined;
});

it('ranks stopped meters, use on vacant accounts, then falling use, and leaves quiet vacancies out', async () => {
  queue = openDecisionQueue('meterdesk-inspection-');
  const { dir, actions, store } = queue;
  const route = generateHistoryRoute({ meters: 200, seed: 7, year: 2026, month: 7 });
  const sheet = join(dir, 'sheet.csv');
  writeFileSync(
    sheet,
    [
      'meter_id;route;Kundenstatus;Tarif',
      ...route.map(
        (m) => `${m.meterId};R1;${m.status === 'vacant' ? 'Leerstand' : 'aktiv'};${m.meterClass}`,
      ),
    ].join('\r\n'),
  );
  expect((await actions.loadRouteSheet(sheet, { name: 'sheet.csv' })).ok).toBe(true);
  const history = join(dir, 'history.csv');
  writeFileSync(
    history,
    [
      'meter_id,read_at,reading,read_type',
      ...route.flatMap((m) =>
        m.history.map((h) => `${m.meterId},${h.readAt},${h.reading},${h.readType}`),
      ),
    ].join('\n'),
  );
  const db = store.file;
  const imported = captureIo({});
  expect(await main(['history', 'import', history, '--db', db], imported)).toBe(0);

  const out = join(dir, 'inspection.csv');
  const io = captureIo({});
  expect(await main(['export', out, '--inspection', '--db', db], io)).toBe(0);
  expect(io.stdout()).toMatch(/^Wrote \d+ meters to inspect to /);
  const rows = parse<Record<string, string>>(readFileSync(out, 'utf8'), {
    bom: true,
    columns: true,
  });
  const kind = new Map(route.map((m) => [m.meterId, m.kind]));
  const codes = rows.map((r) => r.code);
  const stopped = codes.filter((c) => c === 'zero_streak').length;
  const vacant = codes.filter((c) => c === 'vacant_use').length;
  expect(codes.slice(0, stopped + vacant)).toEqual([
    ...Array<string>(stopped).fill('zero_streak'),
    ...Array<string>(vacant).fill('vacant_use'),
  ]);
  expect(
    rows
      .filter((r) => r.code === 'zero_streak')
      .every((r) => kind.get(r.meter_id ?? '') === 'stopped'),
  ).toBe(true);
  expect(
    rows
      .filter((r) => r.code === 'vacant_use')
      .every((r) => kind.get(r.meter_id ?? '') === 'vacant_use'),
  ).toBe(true);
  expect(rows.some((r) => kind.get(r.meter_id ?? '') === 'vacant_zero')).toBe(false);
  const slowing = route.filter((m) => m.kind === 'slowing').length;
  const top = rows.slice(0, 20).filter((r) => kind.get(r.meter_id ?? '') === 'slowing').length;
  expect(top).toBeGreaterThanOrEqual(Math.ceil(slowing / 2));
  const firstFalling = rows.find((r) => r.code === 'falling');
  expect(firstFalling?.reason).toMatch(
    /^Use falling \d+(\.\d)?% a month over \d+ periods since \d+ \w+ \d{4}, the season taken out: a meter slowing down\?$/,
  );
  expect(Number(firstFalling?.fall_percent_per_month)).toBeGreaterThan(1.5);

  const none = captureIo({});
  expect(
    await main(
      ['export', join(dir, 'x.csv'), '--inspection', '--db', join(dir, 'nothing.sqlite')],
      none,
    ),
  ).toBe(2);
  expect(none.stderr()).toContain('No queue at');
});
