// The office's plausibility profile (issue 33 in office mode; office migration 012): one row, set
// by the desk that chose a profile in office mode, audited and versioned like a meter. Every desk
// takes it into its queue (profile-sync.ts) and the office derives its rows with it
// (office-derivation-inputs.ts), so the office export and a desk's export judge alike. A note on
// the live channel, sent when the change commits, tells the other desks at once.
import {
  PLAUSIBILITY_PROFILES,
  type PlausibilityProfile,
} from '../../../common/billing/plausibility-profiles';
import { OFFICE_LIVE_CHANNEL } from './live-channel';
import { inTransaction, type OfficePool, type Queryable } from './office-db';

/** The note's marker: the office's limits changed, not a row of the live tables (office-live.ts). */
export const LIMITS_NOTE = 'office_limits';

export interface OfficeProfile {
  profile: PlausibilityProfile;
  /** The desk that chose it. */
  desk: string;
  /** When, by the office's clock. */
  setAt: Date;
  /** Raised at every change (migration 002's bump_version). */
  version: number;
}

interface Row {
  profile: string;
  desk: string;
  set_at: Date;
  version: number;
}

function profileOfRow(r: Row | undefined): OfficeProfile | null {
  const profile = PLAUSIBILITY_PROFILES.find((p) => p === r?.profile);
  if (!r || profile === undefined) return null;
  return { profile, desk: r.desk, setAt: r.set_at, version: r.version };
}

/** The office's profile; null while no desk chose one (every desk keeps its own). */
export async function officeProfile(db: Queryable): Promise<OfficeProfile | null> {
  const { rows } = await db.query<Row>(
    'SELECT profile, desk, set_at, version FROM office_plausibility',
  );
  return profileOfRow(rows[0]);
}

/** Makes `profile` the office's, as `desk` chose it; the office's row after. */
export async function setOfficeProfile(
  pool: OfficePool,
  desk: string,
  profile: PlausibilityProfile,
): Promise<OfficeProfile> {
  return inTransaction(pool, desk, async (c) => {
    const { rows } = await c.query<Row>(
      `INSERT INTO office_plausibility (only_row, profile, desk, set_at) VALUES (true, $1, $2, now())
       ON CONFLICT (only_row) DO UPDATE SET profile = $1, desk = $2, set_at = now()
       RETURNING profile, desk, set_at, version`,
      [profile, desk],
    );
    await c.query('SELECT pg_notify($1, $2)', [
      OFFICE_LIVE_CHANNEL,
      JSON.stringify({ note: LIMITS_NOTE, desk }),
    ]);
    const set = profileOfRow(rows[0]);
    if (set === null) throw new Error('the office did not keep the profile');
    return set;
  });
}
