// Read types and the refusal: a customer's reading and an estimate leave with the profile's read
// type (SAP 02/03, Sensus C/E); a profile without a code for them (Neptune has no customer read)
// refuses the whole return, naming the meter, the read type and the profile, and writes nothing.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeReturnFile } from '../../../main/billing/order-files/write-return-file';
import { readPhoto } from '../read-photo';
import {
  neptuneFixture,
  sapFixture,
  sensusFixture,
  type FixtureMeter,
  type OrderFixture,
} from './order-fixtures';
import { ORDER_NOW, orderQueue, type OrderQueue } from './order-queue';

let queue: OrderQueue | null = null;
afterEach(() => {
  queue?.close();
  queue = null;
});

const write = (q: OrderQueue, name: string): ReturnType<typeof writeReturnFile> =>
  writeReturnFile(q.store, join(q.dir, name), { now: new Date(ORDER_NOW), zone: 'UTC' });

/** The missing meter (no photo) and another without one: typed by the customer, and estimated. */
function unread(meters: readonly FixtureMeter[]): [FixtureMeter, FixtureMeter] {
  const missing = meters.find((m) => m.expect === 'not_read');
  const skipped = meters.find((m) => m.expect === 'skip');
  if (!missing || !skipped) throw new Error('fixture');
  return [missing, skipped];
}

it('SAP: a customer reading goes back as 02 and an estimate as 03', async () => {
  const fixture = sapFixture();
  queue = await orderQueue(fixture);
  const [customer, estimated] = unread(fixture.meters);
  expect(await queue.actions.typeReading(customer.meter, '01400.0', '2026-10-19', true)).toBe(true);
  expect((await queue.actions.decideMeter(estimated.meter, { kind: 'estimate' }))?.ok).toBe(true);
  const written = await write(queue, 'r.csv');
  if (!written.ok) throw new Error(JSON.stringify(written));
  const lines = readFileSync(written.path, 'latin1').split('\r\n');
  const cells = (m: FixtureMeter): string[] => lines[m.line - 1]?.split(';') ?? [];
  expect(cells(customer).slice(16, 20)).toEqual(['1400,0', '', '02', '20261019']);
  expect(cells(estimated)[18]).toBe('03');
});

it('Sensus: the read-type column says C for a customer reading', async () => {
  const fixture = sensusFixture();
  queue = await orderQueue(fixture);
  const [customer] = unread(fixture.meters);
  expect(await queue.actions.typeReading(customer.meter, '01400.0', '2026-10-19', true)).toBe(true);
  const written = await write(queue, 'r.dat');
  if (!written.ok) throw new Error(JSON.stringify(written));
  const line = readFileSync(written.path, 'latin1').split('\r\n')[customer.line - 1] ?? '';
  expect(line.slice(155, 165)).toBe('0000014000');
  expect(line.slice(181, 182)).toBe('C');
});

it('Neptune has no customer read: the return is refused, nothing written', async () => {
  const fixture = neptuneFixture();
  queue = await orderQueue(fixture);
  const [customer] = unread(fixture.meters);
  expect(await queue.actions.typeReading(customer.meter, '01400.0', '2026-10-19', true)).toBe(true);
  const written = await write(queue, 'r.imp');
  expect(written).toMatchObject({
    ok: false,
    problem: 'refused',
    refusal: { meter: customer.meter, readType: 'customer', profile: 'neptune-imp' },
  });
  expect(existsSync(join(queue.dir, 'r.imp'))).toBe(false);
  expect(existsSync(join(queue.dir, 'r.exceptions.csv'))).toBe(false);
});

it('without an order file there is no return file', async () => {
  const fixture = neptuneFixture();
  queue = await orderQueue({
    ...fixture,
    bytes: Buffer.from('meter_id;previous_reading\r\n1;5\r\n'),
  });
  expect(queue.loaded).toMatchObject({ ok: false, problem: 'not_an_order_file' });
  expect(await write(queue, 'r.imp')).toEqual({ ok: false, problem: 'no_order_file' });
});

it('an order file created over 35 days ago is told at load, and again with the return', async () => {
  const fixture = neptuneFixture();
  queue = await orderQueue(fixture, Date.parse('2026-11-20T12:00:00Z'));
  if (!queue.loaded.ok) throw new Error('not loaded');
  const aged = {
    reason: 'file_age',
    key: '',
    line: 0,
    params: { fileDate: '2026-10-05', days: 46, limit: 35 },
  };
  expect(queue.loaded.exceptions[0]).toEqual(aged);
  const written = await writeReturnFile(queue.store, join(queue.dir, 'r.imp'), {
    now: new Date('2026-11-20T12:00:00Z'),
    zone: 'UTC',
  });
  if (!written.ok) throw new Error(JSON.stringify(written));
  expect(written.exceptions).toContainEqual(aged);
});

it('a photo whose meter is in no order record is told, and nothing is added for it', async () => {
  const fixture = sapFixture();
  queue = await orderQueue(fixture);
  await readPhoto(queue.store, {
    rootId: queue.store.roots.ensure('/photos', 'folder').id,
    relPath: 'garage/77777777_20261020.jpg',
    reading: '00042.0',
    readAt: fixture.readAt,
    sha256: 'f'.repeat(64),
    now: new Date(ORDER_NOW),
  });
  const written = await write(queue, 'r.csv');
  if (!written.ok) throw new Error(JSON.stringify(written));
  expect(written.exceptions).toContainEqual({
    reason: 'no_order',
    key: '',
    line: 0,
    params: { photo: 'garage/77777777_20261020.jpg', meter: '' },
  });
  const lines = (b: Buffer): number => b.toString('latin1').split('\r\n').length;
  expect(lines(readFileSync(written.path))).toBe(lines(fixture.bytes));
});

describe('an exchanged meter in the return (issue 33, item 7)', () => {
  /** A normal meter exchanged: the old one removed 2 above its previous, the new one from 1.0. */
  async function exchanged(fixture: OrderFixture): Promise<[OrderQueue, FixtureMeter]> {
    const q = await orderQueue(fixture);
    const meter = fixture.meters.find((m) => m.expect === 'normal');
    if (!meter) throw new Error('fixture');
    const decided = await q.actions.decideMeter(meter.meter, {
      kind: 'exchange',
      newMeter: 'NEW-1',
      exchangedAt: '2026-10-20',
      oldFinal: (meter.previous + 2).toFixed(1).padStart(7, '0'),
      newStart: '00001.0',
    });
    expect(decided?.ok).toBe(true);
    return [q, meter];
  }

  it.each([
    ['SAP', sapFixture, 'r.csv'],
    ['Sensus', sensusFixture, 'r.dat'],
    ['Neptune', neptuneFixture, 'r.imp'],
  ] as const)(
    '%s: goes back not read with the exchange said, never the new reading under the old number',
    async (_name, fixtureOf, name) => {
      const fixture = fixtureOf();
      const [q, meter] = await exchanged(fixture);
      queue = q;
      const written = await write(q, name);
      if (!written.ok) throw new Error(JSON.stringify(written));
      const lines = readFileSync(written.path, 'latin1').split('\r\n');
      const line = lines[meter.line - 1] ?? '';
      // The photo's reading, in any of the profiles' forms, is nowhere on the line.
      const read = meter.reading ?? '';
      for (const form of [read, read.replace('.', ','), read.replace('.', '').replace(/^0+/, '')])
        expect(line).not.toContain(form);
      expect(written.exceptions).toContainEqual({
        reason: 'exchanged',
        key: meter.key,
        line: meter.line,
        params: {
          oldMeter: meter.meter,
          oldFinal: (meter.previous + 2).toFixed(1).padStart(7, '0'),
          newMeter: 'NEW-1',
          newStart: '00001.0',
          exchangedAt: '2026-10-20',
          reading: read,
        },
      });
      expect(readFileSync(written.exceptionsPath, 'utf8')).toContain(
        `exchanged,${meter.key},${String(meter.line)},"Meter ${meter.meter} was exchanged on 2026-10-20`,
      );
    },
  );
});
