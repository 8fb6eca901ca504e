// The log file IT collects: one line per event with its time, in the data folder's logs/ folder,
// size-capped by rotation (meterdesk.log, .1, .2, ... the oldest dropped). What reaches it was
// already said without the API key (the backend's redactor, the CLI never prints it); passwords in
// addresses and connection strings are removed here too, as the last line of defence. Photos are
// never logged, only their paths. Writes are synchronous: a line lost in a crash is the one that
// would explain it.
import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Clock } from '../time/clock';

export const LOG_FILE_NAME = 'meterdesk.log';
/** 5 MB a file, four files: 20 MB at most, weeks of a busy desk. */
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_KEEP = 3;

export interface RotatingLogOptions {
  readonly file: string;
  readonly clock: Clock;
  readonly maxBytes?: number;
  /** Rotated files kept besides the current one. */
  readonly keep?: number;
}

/** user:password@ in any URL, and password=... in connection strings. */
export function withoutPasswords(line: string): string {
  return line
    .replace(/(\b[a-z][\w+.-]*:\/\/[^\s:/@]*):[^\s@/]*@/gi, '$1:***@')
    .replace(/\b(password|passwd|pwd)=([^\s&;'"]+)/gi, '$1=***');
}

export class RotatingLog {
  private fd: number | null = null;
  private size = 0;
  private readonly maxBytes: number;
  private readonly keep: number;

  constructor(private readonly options: RotatingLogOptions) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.keep = options.keep ?? DEFAULT_KEEP;
  }

  get file(): string {
    return this.options.file;
  }

  write(line: string): void {
    const stamp = new Date(this.options.clock.now()).toISOString();
    const text = `${stamp} ${withoutPasswords(line).replace(/\r?\n/g, ' | ')}\n`;
    const bytes = Buffer.byteLength(text);
    const fd = this.open();
    if (this.size > 0 && this.size + bytes > this.maxBytes) {
      this.rotate();
      this.write(line);
      return;
    }
    writeSync(fd, text);
    this.size += bytes;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private open(): number {
    if (this.fd !== null) return this.fd;
    mkdirSync(dirname(this.options.file), { recursive: true });
    this.fd = openSync(this.options.file, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
    return this.fd;
  }

  private rotate(): void {
    this.close();
    const { file } = this.options;
    rmSync(`${file}.${this.keep}`, { force: true });
    for (let n = this.keep - 1; n >= 1; n--) {
      try {
        renameSync(`${file}.${n}`, `${file}.${n + 1}`);
      } catch {
        // Not there yet: fewer rotated files than kept.
      }
    }
    if (this.keep > 0) renameSync(file, `${file}.1`);
    else rmSync(file, { force: true });
  }
}
