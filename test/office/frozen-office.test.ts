// A frozen office server never hangs a desk's call (issue 30): with the server's processes
// stopped (SIGSTOP), a statement on an open connection, a new connection and a transaction each
// fail as "unreachable" on the desk's own timers (connect and query timeouts, made short here),
// and once the server runs again the same store works: no half-done transaction is handed on.
import { describe, expect, it } from 'vitest';
import { OfficeError } from '../../main/office/store/office-db';
import { openOfficeStore } from '../../main/office/store/office-store';
import { migratedOffice, publishedReading, sha } from './office-fixture';
import { freezeOffice } from './frozen-server';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster({ halts: true });
const LEASE = 10 * 60_000;
/** A hang guard, never a measurement: far longer than the desk's timeouts below. */
const HANG_MS = 20_000;

/** The call's failure; a call still hanging after HANG_MS fails the test instead. */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  let guard: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    guard = setTimeout(() => {
      reject(new Error('the call hung on a frozen server'));
    }, HANG_MS);
  });
  try {
    await Promise.race([call, hung]);
    return null;
  } catch (error) {
    return error;
  } finally {
    clearTimeout(guard);
  }
}

const unreachable = (error: unknown): boolean =>
  error instanceof OfficeError && error.failure === 'unreachable';

describe.skipIf(officeSkip !== null)('a frozen office server', () => {
  it("fails a desk's calls as unreachable on its own timers, and works again after", async () => {
    const cluster = office();
    const o = await migratedOffice(cluster, 0);
    const desk = openOfficeStore(await o.deskUrl('frozen'), {
      desk: 'frozen',
      max: 2,
      connectMs: 500,
      queryMs: 500,
    });
    // A desk that is done closes while the server is frozen: its exit is not held either.
    const done = openOfficeStore(await o.deskUrl('done'), { desk: 'done', connectMs: 500 });
    try {
      // One connection open before the freeze: its next statement gets no answer.
      await desk.checkSchema();
      await done.checkSchema();
      const frozen = await freezeOffice(cluster.admin, o.database);
      try {
        const claim = { sha256: sha('p1'), desk: 'frozen', fileName: 'p1.jpg', leaseMs: LEASE };
        const reading = publishedReading(1, { key: 'frozen:r1', desk: 'frozen' });
        // At once: one on the open connection, the other on a new one the server never greets.
        const failures = await Promise.all([
          failureOf(desk.claimPhoto(claim)),
          failureOf(desk.publishReading(reading)),
        ]);
        for (const failure of failures) expect(unreachable(failure), String(failure)).toBe(true);
        expect(unreachable(await failureOf(desk.publishReading(reading)))).toBe(true);
        expect(await failureOf(done.close())).toBeNull();
      } finally {
        frozen.thaw();
      }
      expect(
        await desk.claimPhoto({
          sha256: sha('p2'),
          desk: 'frozen',
          fileName: 'p2.jpg',
          leaseMs: LEASE,
        }),
      ).toMatchObject({ kind: 'ours' });
      expect(
        await desk.publishReading(publishedReading(2, { key: 'frozen:r2', desk: 'frozen' })),
      ).toEqual({ written: true });
    } finally {
      await desk.close();
      await o.close();
    }
  });
});
