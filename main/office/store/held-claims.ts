// An upload unit's claims on a connection of their own. The answer's deadline is counted from when
// the connection is held, not from when the desk asked (issue 30: the deadline ran while the claim
// queued for one of the pool's two connections, and the last claims of a batch timed out). Not
// getting a connection at all is the office being unreachable (the pool's connect timeout); a
// statement late on a held connection is the office being slow, which the caller answers by
// asking again, never by sending unclaimed.
import type { OfficeClient, OfficePool } from './office-db';
import { claimPhotos, type ClaimBatch, type PhotoClaim } from './photo-claims';

/** Waits for `work` at most the caller's answer time, on the caller's clock. */
export type WithinAnswerTime = <T>(work: Promise<T>) => Promise<T | 'late'>;

const TOO_MANY_CLIENTS = '53300';

export async function claimOnHeldConnection(
  pool: OfficePool,
  batch: ClaimBatch,
  within: WithinAnswerTime,
): Promise<PhotoClaim[] | 'late'> {
  // Every connection of the desk's pool out (the outbox publishing over a slow link): a wait for
  // one that runs out is this desk being busy, not the office away. A frozen server frees them
  // by the statements' own timeout, and then a new connection that fails says unreachable.
  const busy = pool.totalCount >= pool.options.max && pool.idleCount === 0;
  let client: OfficeClient;
  try {
    client = await pool.connect();
  } catch (error) {
    // "Too many clients": the server is there and full (issue 30: with max_connections=30 this
    // sent photos unclaimed). Asked again soon, like a late answer.
    if (busy || (error as { code?: unknown } | null)?.code === TOO_MANY_CLIENTS) return 'late';
    throw error;
  }
  // A connection handed out has no listener of the pool's: the server ending it must not be an
  // unhandled 'error' event (office-db.ts, inTransaction).
  const ended = (): void => undefined;
  client.on('error', ended);
  const work = claimPhotos(client, batch);
  let answer: PhotoClaim[] | 'late';
  try {
    answer = await within(work);
  } catch (error) {
    client.removeListener('error', ended);
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  if (answer === 'late') {
    // The statement may still be running there: the connection is closed, never handed on with
    // it in flight. What the statement claimed is this desk's, and asking again renews it.
    work.catch(() => undefined);
    client.removeListener('error', ended);
    client.release(new Error('a claim was late; its connection is closed'));
    return 'late';
  }
  client.removeListener('error', ended);
  client.release();
  return answer;
}
