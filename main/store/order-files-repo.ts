// The order files loaded as routes (migration 022): kept byte for byte with their SHA-256 and
// profile; the newest is the one a return file is written for.
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { systemClock, type Clock } from '../time/clock';

export interface StoredOrderFile {
  readonly id: number;
  readonly sheetId: number;
  readonly name: string;
  /** The profile's JSON as it was checked at load. */
  readonly profile: string;
  readonly bytes: Uint8Array;
  readonly sha256: string;
  /** The file's modification time (ISO) when it was loaded; null when unknown. */
  readonly fileTime: string | null;
  readonly loadedAt: string;
}

interface Row {
  id: number;
  sheet_id: number;
  name: string;
  profile: string;
  bytes: Buffer;
  sha256: string;
  file_time: string | null;
  loaded_at: string;
}

interface OrderFileSummaryRow {
  id: number;
  name: string;
  profile_name: string | null;
  loaded_at: string;
}

/** The newest order file without its bytes: for views read after every change. */
export interface OrderFileHead {
  readonly id: number;
  readonly name: string;
  readonly profile: string;
  readonly loadedAt: string;
}

export class OrderFilesRepo {
  private readonly s;

  constructor(
    db: Database.Database,
    private readonly clock: Clock = systemClock,
  ) {
    this.s = {
      add: db.prepare(
        `INSERT INTO order_files (sheet_id, name, profile, bytes, sha256, file_time, loaded_at)
         VALUES (@sheetId, @name, @profile, @bytes, @sha256, @fileTime, @now)`,
      ),
      latest: db.prepare<[], Row>('SELECT * FROM order_files ORDER BY id DESC LIMIT 1'),
      forSheet: db.prepare<[number], Row>(
        'SELECT * FROM order_files WHERE sheet_id = ? ORDER BY id DESC LIMIT 1',
      ),
      summary: db.prepare<[], OrderFileSummaryRow>(
        `SELECT id, name, json_extract(profile, '$.name') AS profile_name, loaded_at
           FROM order_files ORDER BY id DESC LIMIT 1`,
      ),
    };
  }

  add(file: {
    sheetId: number;
    name: string;
    profile: string;
    bytes: Uint8Array;
    fileTime: string | null;
  }): StoredOrderFile {
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const now = new Date(this.clock.now()).toISOString();
    const id = Number(
      this.s.add.run({ ...file, bytes: Buffer.from(file.bytes), sha256, now }).lastInsertRowid,
    );
    return { id, ...file, sha256, loadedAt: now };
  }

  /** The newest order file, or null when none was loaded. */
  latest(): StoredOrderFile | null {
    return fileOf(this.s.latest.get());
  }

  /** The order file a route sheet was loaded from (office mode gives it with its route). */
  forSheet(sheetId: number): StoredOrderFile | null {
    return fileOf(this.s.forSheet.get(sheetId));
  }

  /** The newest order file's name and profile, without reading its bytes; null when none. */
  latestHead(): OrderFileHead | null {
    const r = this.s.summary.get();
    if (!r) return null;
    return { id: r.id, name: r.name, profile: r.profile_name ?? '', loadedAt: r.loaded_at };
  }
}

function fileOf(r: Row | undefined): StoredOrderFile | null {
  if (!r) return null;
  return {
    id: r.id,
    sheetId: r.sheet_id,
    name: r.name,
    profile: r.profile,
    bytes: new Uint8Array(r.bytes),
    sha256: r.sha256,
    fileTime: r.file_time,
    loadedAt: r.loaded_at,
  };
}
