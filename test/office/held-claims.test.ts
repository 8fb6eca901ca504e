// How a claim's connection is had and given back (main/office/store/held-claims.ts), on a pool
// stand-in: a server with no free connection slot ("too many clients") is slow, not away, so the
// photos are asked about again rather than sent unclaimed (issue 30: with max_connections=30,
// 13 photos were paid twice); a connection whose answer was late is closed, not handed on with
// its statement in flight. The real server's side is slow-link-claims.test.ts.
import { describe, expect, it } from 'vitest';
import type { OfficePool } from '../../main/office/store/office-db';
import { claimOnHeldConnection } from '../../main/office/store/held-claims';

const batch = {
  desk: 'anna',
  leaseMs: 60_000,
  photos: [{ sha256: 'a'.repeat(64), fileName: 'a.jpg' }],
};

/** A pool of two connections, `out` of them handed out, whose next connect does `connect`. */
function poolConnecting(connect: () => Promise<unknown>, out = 0): OfficePool {
  return { connect, totalCount: out, idleCount: 0, options: { max: 2 } } as unknown as OfficePool;
}

describe('a claim on a connection of its own', () => {
  it('answers "late" when the server has no connection slot free, and throws when it cannot be reached', async () => {
    const full = Object.assign(new Error('sorry, too many clients already'), { code: '53300' });
    expect(
      await claimOnHeldConnection(
        poolConnecting(() => Promise.reject(full)),
        batch,
        (w) => w,
      ),
    ).toBe('late');
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    await expect(
      claimOnHeldConnection(
        poolConnecting(() => Promise.reject(refused)),
        batch,
        (w) => w,
      ),
    ).rejects.toBe(refused);
  });

  it('answers "late" when no connection came because all of the desk\'s own were busy', async () => {
    const timedOut = new Error('timeout exceeded when trying to connect');
    const busy = poolConnecting(() => Promise.reject(timedOut), 2);
    expect(await claimOnHeldConnection(busy, batch, (w) => w)).toBe('late');
    // With a connection free to open, the same timeout is the office not answering.
    const free = poolConnecting(() => Promise.reject(timedOut), 1);
    await expect(claimOnHeldConnection(free, batch, (w) => w)).rejects.toBe(timedOut);
  });

  it('closes the connection of a late answer instead of giving it back to the pool', async () => {
    const released: unknown[] = [];
    const client = {
      on: () => client,
      removeListener: () => client,
      // The statement never answers.
      query: () => new Promise(() => undefined),
      release: (error?: unknown) => released.push(error),
    };
    const pool = poolConnecting(() => Promise.resolve(client));
    expect(await claimOnHeldConnection(pool, batch, () => Promise.resolve('late' as const))).toBe(
      'late',
    );
    expect(released).toHaveLength(1);
    expect(released[0]).toBeInstanceOf(Error);
  });
});
