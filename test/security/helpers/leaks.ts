// Looking for a secret everywhere it must not be: files (the queue, its WAL and shared memory,
// exports) and captured output. A fragment of the key counts too, so a truncated or partly
// redacted copy is found as well.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Leak {
  readonly where: string;
  readonly what: string;
}

/** The key and a few fragments of it long enough to identify it. */
export function needles(secret: string): string[] {
  const mid = Math.floor(secret.length / 2);
  return [secret, secret.slice(0, 12), secret.slice(mid - 6, mid + 6), secret.slice(-12)];
}

function search(where: string, data: Buffer, secret: string): Leak[] {
  const out: Leak[] = [];
  for (const needle of needles(secret)) {
    // UTF-8 (SQLite text, JSON, CSV, logs) and UTF-16 (anything a runtime might dump).
    for (const encoding of ['utf8', 'utf16le'] as const) {
      if (data.includes(Buffer.from(needle, encoding)))
        out.push({ where, what: `${needle} (${encoding})` });
    }
  }
  return out;
}

export function leaksInText(where: string, text: string, secret: string): Leak[] {
  return search(where, Buffer.from(text, 'utf8'), secret);
}

/** Every regular file under `dir` (recursively), whatever its name. */
export function leaksInDir(dir: string, secret: string): { leaks: Leak[]; files: string[] } {
  const leaks: Leak[] = [];
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile()) {
        files.push(p);
        leaks.push(...search(p, readFileSync(p), secret));
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return { leaks, files };
}
