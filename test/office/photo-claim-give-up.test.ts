// A claim that keeps losing to other desks' fresh commits gives up after a few statements. What it
// answers then decides whether the photo is sent: a row that still looks takeable (given back, or
// a lease that ran out) must not be taken for "read" (the gate would take a reading that is not
// there) or for another desk's live claim. The database's side is tested on a real server in
// photo-claims.test.ts; this drives the give-up path, which a real server reaches only by chance.
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../main/office/store/office-db';
import { claimPhoto } from '../../main/office/store/photo-claims';

/** A server whose every claim statement answers "lost", with the photo's row as given. */
function losingOffice(row: Record<string, unknown>): { db: Queryable; statements: string[] } {
  const statements: string[] = [];
  const query = (config: { name?: string }): Promise<Pick<pg.QueryResult, 'rows'>> => {
    statements.push(config.name ?? '?');
    return Promise.resolve({ rows: [{ won: false, sha256: request.sha256, ...row }] });
  };
  return { db: { query } as unknown as Queryable, statements };
}

const request = { sha256: 'a'.repeat(64), desk: 'anna@pc1', fileName: 'a.jpg' };

describe('a claim that gives up', () => {
  it('answers "ask again now" for a photo given back, never "read"', async () => {
    const office = losingOffice({
      state: 'released',
      desk: 'ben@pc2',
      expired: null,
      left_ms: null,
    });
    const claim = await claimPhoto(office.db, { ...request, leaseMs: 60_000 });
    expect(claim).toEqual({ kind: 'held', desk: 'ben@pc2', leftMs: 0 });
    // A single photo's claim statement, asked three times.
    expect(office.statements).toEqual([
      'office-claim-photo',
      'office-claim-photo',
      'office-claim-photo',
    ]);
  });

  it('answers "ask again now" for a lease that ran out, not "held" for its whole lease', async () => {
    // The server says the lease ran out a second ago.
    const ranOut = { expired: true, left_ms: -1_000 };
    const office = losingOffice({ state: 'claimed', desk: 'ben@pc2', ...ranOut });
    const claim = await claimPhoto(office.db, { ...request, leaseMs: 60_000 });
    expect(claim).toEqual({ kind: 'held', desk: 'ben@pc2', leftMs: 0 });
  });

  it('answers "held" with the other desk\'s lease when the photo is theirs', async () => {
    const theirs = { expired: false, left_ms: 900_000 };
    const office = losingOffice({ state: 'claimed', desk: 'ben@pc2', ...theirs });
    const claim = await claimPhoto(office.db, { ...request, leaseMs: 60_000 });
    expect(claim).toEqual({ kind: 'held', desk: 'ben@pc2', leftMs: 900_000 });
    // Not takeable: one statement, no asking again.
    expect(office.statements).toEqual(['office-claim-photo']);
  });
});
