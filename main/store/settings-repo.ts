import type Database from 'better-sqlite3';

/** Small JSON values the engine remembers between runs (never secrets). */
export class SettingsRepo {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      get: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
      set: db.prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      del: db.prepare('DELETE FROM settings WHERE key = ?'),
    };
  }

  get<T>(key: string, fallback: T): T {
    const row = this.s.get.get(key);
    if (!row) return fallback;
    try {
      return JSON.parse(row.value) as T;
    } catch {
      return fallback;
    }
  }

  set(key: string, value: unknown): void {
    this.s.set.run(key, JSON.stringify(value));
  }

  delete(key: string): void {
    this.s.del.run(key);
  }
}
