// The bounded photo-check pool (issue 34) with real worker threads running a small stand-in for
// the check worker: one photo hangs for good (a busy loop, as a decode stuck in the reader would),
// one cannot be decoded, the rest answer at once. Time is the manual clock's: the deadline and
// the idle end fire when the test moves it, never after a sleep.
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckPool } from '../../main/photo-checks/check-pool';
import { PhotoCheckError } from '../../main/photo-checks/check-lane';
import { createManualClock } from '../helpers/manual-clock';

const STAND_IN = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (r) => {
  if (r.path === 'hang.jpg') for (;;) {}
  if (r.path === 'huge.jpg') { const kept = []; for (;;) kept.push(new Array(1e5).fill(r.id)); }
  if (r.path === 'bad.jpg') {
    parentPort.postMessage({ id: r.id, ok: false, message: 'cannot decode bad.jpg' });
  } else if (r.task === 'codes') {
    parentPort.postMessage({ id: r.id, ok: true, codes: [{ format: 'QRCode', text: r.path }] });
  } else {
    const measures = { shortSide: 3000, darkShare: 0, brightShare: 0, meanLevel: 128, sharpness: 500 };
    parentPort.postMessage({ id: r.id, ok: true, measures });
  }
});
`;

const DEADLINE = 20_000;
const IDLE = 30_000;

let pool: CheckPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

function standInPool(limits?: { maxOldGenerationSizeMb: number }): {
  pool: CheckPool;
  clock: ReturnType<typeof createManualClock>;
} {
  const clock = createManualClock(Date.parse('2026-12-07T12:00:00Z'));
  pool = new CheckPool({
    clock,
    measureDeadlineMs: DEADLINE,
    codesDeadlineMs: DEADLINE,
    idleMs: IDLE,
    spawn: () => new Worker(STAND_IN, { eval: true, resourceLimits: limits }),
  });
  return { pool, clock };
}

async function failureOf(p: Promise<unknown>): Promise<PhotoCheckError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PhotoCheckError)) throw new Error(`expected a PhotoCheckError`);
  return error;
}

describe('the bounded photo-check pool', () => {
  it('ends a hung check at its deadline with a timeout, and checks the next photo on a fresh worker', async () => {
    const { pool, clock } = standInPool();
    const hung = failureOf(pool.measure('hang.jpg'));
    const next = pool.measure('next.jpg');
    await clock.advance(DEADLINE - 1);
    expect(pool.quality.load).toBe(2);
    await clock.advance(1);
    const error = await hung;
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('hang.jpg');
    expect((await next).shortSide).toBe(3000);
    expect(pool.quality.started).toBe(2);
  });

  it('reads codes in their own lanes: a hung code read delays neither a check nor the next read', async () => {
    const { pool, clock } = standInPool();
    const hungRead = failureOf(pool.readCodes('hang.jpg'));
    // No time passes: the check and the next code read are answered while one code lane is stuck.
    expect(await pool.readCodes('second.jpg')).toEqual([{ format: 'QRCode', text: 'second.jpg' }]);
    expect((await pool.measure('photo.jpg')).sharpness).toBe(500);
    expect(pool.codeLanes.map((l) => l.load)).toEqual([1, 0]);
    // A third read goes to the free lane, never behind the stuck one.
    expect(await pool.readCodes('third.jpg')).toEqual([{ format: 'QRCode', text: 'third.jpg' }]);
    await clock.advance(DEADLINE);
    expect((await hungRead).code).toBe('timeout');
  });

  it('says an undecodable photo failed, and the worker carries on', async () => {
    const { pool } = standInPool();
    const error = await failureOf(pool.measure('bad.jpg'));
    expect(error).toMatchObject({ code: 'failed', message: 'cannot decode bad.jpg' });
    expect((await pool.measure('good.jpg')).shortSide).toBe(3000);
    expect(pool.quality.started).toBe(1);
  });

  it('tells a photo whose worker ran out of its memory, and the next photo gets a fresh one', async () => {
    const { pool } = standInPool({ maxOldGenerationSizeMb: 16 });
    const error = await failureOf(pool.measure('huge.jpg'));
    expect(error.code).toBe('workerEnded');
    expect((await pool.measure('next.jpg')).shortSide).toBe(3000);
    expect(pool.quality.started).toBe(2);
  });

  it('ends an idle worker, and starts one again for the next photo', async () => {
    const { pool, clock } = standInPool();
    await pool.readCodes('one.jpg');
    expect(pool.codes.alive).toBe(true);
    await clock.advance(IDLE - 1);
    expect(pool.codes.alive).toBe(true);
    await clock.advance(1);
    expect(pool.codes.alive).toBe(false);
    expect(await pool.readCodes('two.jpg')).toEqual([{ format: 'QRCode', text: 'two.jpg' }]);
    expect(pool.codes.started).toBe(2);
  });

  it('closes with a photo hanging in it: everything waiting is told, nothing waits for the clock', async () => {
    const { pool } = standInPool();
    const hung = failureOf(pool.measure('hang.jpg'));
    const waiting = failureOf(pool.measure('later.jpg'));
    await pool.close();
    expect((await hung).code).toBe('closed');
    expect((await waiting).code).toBe('closed');
    expect(pool.quality.alive).toBe(false);
    expect((await failureOf(pool.readCodes('after.jpg'))).code).toBe('closed');
  });
});
