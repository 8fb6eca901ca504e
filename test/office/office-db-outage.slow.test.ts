// The office's server stopping while a desk holds a connection for a transaction (publishing a
// reading, a decision, a route): the transaction fails and the desk's process lives on. Found by
// bench/office-outage.ts, whose process died now and then with "terminating connection due to
// administrator command" raised as an unhandled 'error' event. A server of its own: it is stopped.
import { describe, expect, it } from 'vitest';
import { localClusterUnavailable, startLocalCluster } from '../../main/office/local-cluster';
import { inTransaction, openOfficeDb } from '../../main/office/store/office-db';

describe.skipIf(localClusterUnavailable() !== null)(
  'the office server stopping mid-transaction',
  () => {
    it('fails the transaction and leaves the pool working once the server is back', async () => {
      const cluster = await startLocalCluster();
      const pool = openOfficeDb(cluster.url(), { max: 1 });
      try {
        let entered = (): void => undefined;
        const inside = new Promise<void>((resolve) => {
          entered = resolve;
        });
        let proceed = (): void => undefined;
        const gate = new Promise<void>((resolve) => {
          proceed = resolve;
        });
        const outcome = inTransaction(pool, 'anna', async (client) => {
          entered();
          await gate;
          await client.query('SELECT 1');
        }).then(
          () => 'committed',
          () => 'failed',
        );
        await inside;
        // The server ends the connection the transaction holds, between two of its statements.
        await cluster.halt();
        proceed();
        expect(await outcome).toBe('failed');
        await cluster.resume();
        const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
        expect(rows).toEqual([{ one: 1 }]);
      } finally {
        await pool.end();
        await cluster.stop();
      }
    }, 60_000);
  },
);
