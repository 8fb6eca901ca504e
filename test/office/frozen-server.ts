// A frozen office server for tests (issue 30: a database frozen for 120 s held a finished `run`):
// the postmaster and an office database's server processes stopped with SIGSTOP, as a hung host or
// a paused VM would be. Connections stay open and new ones are accepted by the kernel, but nothing
// answers: unlike `halt()`, no error ever reaches the desk. Linux only (/proc), as the clusters are.
import { readFileSync } from 'node:fs';
import type pg from 'pg';

export interface Frozen {
  /** SIGCONT to every process stopped; safe to call twice. */
  thaw(): void;
}

/** The parent of a server process: the postmaster. */
function parentOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const ppid = /^PPid:\s+(\d+)$/m.exec(status)?.[1];
  if (!ppid) throw new Error(`no parent for server process ${pid}`);
  return Number(ppid);
}

/**
 * Freezes the server for `database`'s desks. `admin` is a superuser pool on another database: its
 * own server process keeps running (the postmaster does not stand between it and its client).
 */
export async function freezeOffice(admin: pg.Pool, database: string): Promise<Frozen> {
  const self = await admin.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const postmaster = parentOf(Number(self.rows[0]?.pid));
  const { rows } = await admin.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1',
    [database],
  );
  const pids = [postmaster, ...rows.map((r) => r.pid)];
  const stopped: number[] = [];
  for (const pid of pids) {
    process.kill(pid, 'SIGSTOP');
    stopped.push(pid);
  }
  let thawed = false;
  return {
    thaw: () => {
      if (thawed) return;
      thawed = true;
      for (const pid of stopped) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          // Ended meanwhile: nothing to wake.
        }
      }
    },
  };
}
