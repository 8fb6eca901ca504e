import type Database from 'better-sqlite3';
import type { RootRecord } from '../../common/job-record';
import { systemClock, type Clock } from '../time/clock';

interface RootRow {
  id: number;
  path: string;
  kind: 'folder' | 'file';
  added_at: string;
}

const toRoot = (r: RootRow): RootRecord => ({
  id: r.id,
  path: r.path,
  kind: r.kind,
  addedAt: r.added_at,
});

/** The folders and files the user added; every job hangs off one of them. */
export class RootsRepo {
  private readonly s;

  constructor(
    db: Database.Database,
    private readonly clock: Clock = systemClock,
  ) {
    this.s = {
      insert: db.prepare(
        'INSERT INTO roots (path, kind, added_at) VALUES (?, ?, ?) ON CONFLICT (path) DO NOTHING',
      ),
      byPath: db.prepare<[string], RootRow>('SELECT * FROM roots WHERE path = ?'),
      all: db.prepare<[], RootRow>('SELECT * FROM roots ORDER BY id'),
      byId: db.prepare<[number], RootRow>('SELECT * FROM roots WHERE id = ?'),
    };
  }

  /** Adds a root, or returns the existing one for the same path. */
  ensure(path: string, kind: 'folder' | 'file'): RootRecord {
    this.s.insert.run(path, kind, new Date(this.clock.now()).toISOString());
    const row = this.s.byPath.get(path);
    if (!row) throw new Error(`root ${path} vanished right after insert`);
    return toRoot(row);
  }

  get(id: number): RootRecord | undefined {
    const row = this.s.byId.get(id);
    return row ? toRoot(row) : undefined;
  }

  list(): RootRecord[] {
    return this.s.all.all().map(toRoot);
  }
}
