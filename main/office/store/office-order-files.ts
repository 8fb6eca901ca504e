// The order files of the office (issue 31, item 6; office migration 011): an order file loaded at
// one desk is kept here byte for byte with its SHA-256 and profile, one per route, so every desk
// receives it with the route and the office-wide return file is built from this copy. A copy
// whose bytes no longer hash to its SHA-256 is never handed out: a return built from it could
// change bytes billing did not expect.
import { createHash } from 'node:crypto';
import { inTransaction, type OfficePool, type Queryable } from './office-db';

/** An order file as the office keeps it. */
export interface OfficeOrderFile {
  routeKey: string;
  name: string;
  /** The profile's JSON as the loading desk checked it. */
  profile: string;
  bytes: Uint8Array;
  sha256: string;
  /** The file's modification time (ISO) at its desk; null when unknown. */
  fileTime: string | null;
  /** When it was loaded at its desk (ISO). */
  loadedAt: string;
  loadedBy: string;
}

export interface OrderFileGive {
  routeKey: string;
  name: string;
  profile: string;
  bytes: Uint8Array;
  sha256: string;
  fileTime: string | null;
  loadedAt: Date;
  user: string;
  at: Date;
}

/** 'taken': the office keeps this copy now; 'same': it kept it already; 'older': a newer one. */
export type OrderFileGiven = 'taken' | 'same' | 'older';

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Thrown for a copy whose bytes do not hash to the SHA-256 given with them. */
export class OrderFileHashMismatch extends Error {
  constructor(readonly routeKey: string) {
    super(`the order file of route ${routeKey} does not match its SHA-256`);
  }
}

/**
 * Keeps a desk's order file for its route: a newer load (by its desk's load time) replaces the
 * office's copy, the same bytes again change nothing, an older load never replaces a newer one.
 */
export function keepOfficeOrderFile(
  pool: OfficePool,
  give: OrderFileGive,
): Promise<OrderFileGiven> {
  if (sha256Of(give.bytes) !== give.sha256) throw new OrderFileHashMismatch(give.routeKey);
  return inTransaction(pool, give.user, async (c) => {
    const kept = await c.query<{ route_key: string }>(
      `INSERT INTO order_files AS o (route_key, name, profile, bytes, sha256, file_time, loaded_at,
         loaded_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (route_key) DO UPDATE
         SET name = EXCLUDED.name, profile = EXCLUDED.profile, bytes = EXCLUDED.bytes,
             sha256 = EXCLUDED.sha256, file_time = EXCLUDED.file_time,
             loaded_at = EXCLUDED.loaded_at, loaded_by = EXCLUDED.loaded_by,
             updated_at = EXCLUDED.updated_at
         WHERE o.sha256 <> EXCLUDED.sha256 AND EXCLUDED.loaded_at >= o.loaded_at
       RETURNING route_key`,
      [
        give.routeKey,
        give.name,
        give.profile,
        Buffer.from(give.bytes),
        give.sha256,
        give.fileTime,
        give.loadedAt,
        give.user,
        give.at,
      ],
    );
    if (kept.rows.length > 0) return 'taken';
    const held = await c.query<{ sha256: string }>(
      'SELECT sha256 FROM order_files WHERE route_key = $1',
      [give.routeKey],
    );
    return held.rows[0]?.sha256 === give.sha256 ? 'same' : 'older';
  });
}

interface Row {
  route_key: string;
  name: string;
  profile: string;
  bytes: Buffer;
  sha256: string;
  file_time: string | null;
  loaded_at: Date;
  loaded_by: string;
}

const COLUMNS = 'route_key, name, profile, bytes, sha256, file_time, loaded_at, loaded_by';

function fileOf(r: Row): OfficeOrderFile {
  const bytes = new Uint8Array(r.bytes);
  if (sha256Of(bytes) !== r.sha256) throw new OrderFileHashMismatch(r.route_key);
  return {
    routeKey: r.route_key,
    name: r.name,
    profile: r.profile,
    bytes,
    sha256: r.sha256,
    fileTime: r.file_time,
    loadedAt: r.loaded_at.toISOString(),
    loadedBy: r.loaded_by,
  };
}

/** The office's order files of these routes (a route without one is left out). */
export async function officeOrderFilesOf(
  db: Queryable,
  routeKeys: readonly string[],
): Promise<OfficeOrderFile[]> {
  if (routeKeys.length === 0) return [];
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM order_files WHERE route_key = ANY($1::text[]) ORDER BY route_key`,
    [routeKeys],
  );
  return rows.map(fileOf);
}

/**
 * The order file an office-wide return is for: the one of `routeKey`, else the newest loaded at
 * any desk (as a desk's return is for its newest); null when the office keeps none.
 */
export async function officeOrderFile(
  db: Queryable,
  routeKey: string | null,
): Promise<OfficeOrderFile | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM order_files
      WHERE $1::text IS NULL OR route_key = $1::text
      ORDER BY loaded_at DESC, updated_at DESC LIMIT 1`,
    [routeKey],
  );
  const row = rows[0];
  return row ? fileOf(row) : null;
}
