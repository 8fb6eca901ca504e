// What IT does once for an office (docs/office.md, "Setting it up"), done on a throwaway local
// cluster for the office demo: the owner role and its database, the desks' group, one login role
// per desk, and the schema migrated as the owner. Never for an office's real server.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateOffice } from './migrate-office';

/**
 * The group role every desk's login role belongs to (docs/office.md): the grants go to it, never
 * to a desk by name, so adding a desk is one CREATE ROLE ... IN ROLE. The office migrations that
 * grant to it hold their own copies of the name.
 */
export const DESK_ROLE = 'meterdesk_desk';

export interface SetUpOffice {
  ownerUrl: string;
  /** Each desk's URL, by the name it was asked for. */
  deskUrls: Map<string, string>;
}

/** Role names here are the demo's own ([a-z]+); anything else is refused, not quoted. */
const ROLE = /^[a-z][a-z0-9_]*$/;

export async function setUpOffice(
  url: (opts: { user: string; password: string; database: string }) => string,
  adminUrl: string,
  desks: readonly string[],
): Promise<SetUpOffice> {
  const secret = (): string => randomBytes(9).toString('hex');
  const admin = new pg.Pool({ connectionString: adminUrl, max: 1 });
  admin.on('error', () => undefined);
  const database = 'meterdesk';
  const owner = { user: 'meterdesk_owner', password: secret(), database };
  const deskUrls = new Map<string, string>();
  try {
    await admin.query(`CREATE ROLE ${owner.user} LOGIN PASSWORD '${owner.password}'`);
    await admin.query(`CREATE ROLE ${DESK_ROLE} NOLOGIN`);
    await admin.query(`CREATE DATABASE ${database} OWNER ${owner.user}`);
    for (const desk of desks) {
      if (!ROLE.test(desk)) throw new Error(`not a demo desk name: ${desk}`);
      const password = secret();
      await admin.query(
        `CREATE ROLE desk_${desk} LOGIN PASSWORD '${password}' IN ROLE ${DESK_ROLE}`,
      );
      deskUrls.set(desk, url({ user: `desk_${desk}`, password, database }));
    }
  } finally {
    await admin.end();
  }
  const ownerUrl = url(owner);
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  try {
    await migrateOffice(pool);
  } finally {
    await pool.end();
  }
  return { ownerUrl, deskUrls };
}
