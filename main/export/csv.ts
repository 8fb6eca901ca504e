// A streaming RFC 4180 writer for billing exports.
//
// Why the extra rules beyond RFC 4180:
// - Spreadsheets execute cells that start with = + - @ TAB or CR (OWASP "CSV injection"). File
//   names and server-supplied strings are untrusted, so every text cell starting with one of those
//   gets a leading apostrophe. Only cells the caller types as numeric and that look like a plain
//   decimal reading are written untouched, so readings stay numbers.
// - Both list separators (',' and ';') force quoting, whatever the delimiter: a spreadsheet that
//   picks the other separator from the user's locale would otherwise split the cell and start a new
//   cell with attacker-chosen text (e.g. `a;=cmd|...`).
// - The file is written next to the target under a temporary name and renamed at the end, so a
//   failed or cancelled export never leaves half a file where the user expects a finished one.

import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

export const CSV_DELIMITERS = [',', ';'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** `numeric` cells are written as-is when they look like a reading; everything else is text. */
export type CellKind = 'text' | 'numeric';

export interface CsvWriterOptions {
  /** Start the file with a UTF-8 byte order mark so Excel detects UTF-8. Default true. */
  bom?: boolean;
  /** Default ','. Use ';' for locales where Excel expects it. */
  delimiter?: CsvDelimiter;
}

const NUMERIC = /^\d+(\.\d+)?$/;
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n]/;
const BOM = '\uFEFF';
const CRLF = '\r\n';
/** Rows are batched into chunks of about this many UTF-16 units before they reach the stream. */
const CHUNK_CHARS = 64 * 1024;

/** True for a value the writer passes through unchanged in a numeric cell. */
export function isNumericReading(value: string): boolean {
  return NUMERIC.test(value);
}

/** True when a spreadsheet could interpret the text as a formula. */
export function needsNeutralising(value: string): boolean {
  return FORMULA_TRIGGER.test(value);
}

/** One cell as it appears in the file (neutralised, quoted when needed), without the delimiter. */
export function formatCell(value: string, kind: CellKind = 'text'): string {
  if (kind === 'numeric' && NUMERIC.test(value)) return value;
  const safe = FORMULA_TRIGGER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record as it appears in the file, CRLF included. Missing kinds mean text. */
export function formatRow(
  cells: readonly string[],
  kinds: readonly CellKind[] = [],
  delimiter: CsvDelimiter = ',',
): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += delimiter;
    line += formatCell(cells[i] ?? '', kinds[i] ?? 'text');
  }
  return line + CRLF;
}

/** Why an export could not be written; `code` is the file system's error code when there is one. */
export class CsvExportError extends Error {
  override readonly name = 'CsvExportError';
  readonly code: string | undefined;
  readonly targetPath: string;

  constructor(message: string, targetPath: string, cause?: unknown) {
    super(message, { cause });
    this.targetPath = targetPath;
    this.code = errorCode(cause);
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A plain-language message for the user, naming the file and the likely fix. */
export function describeFailure(
  targetPath: string,
  stage: 'open' | 'write' | 'finish',
  cause: unknown,
  code = errorCode(cause),
): string {
  const dir = path.dirname(targetPath);
  const prefix = `Could not export to "${targetPath}": `;
  switch (code) {
    case 'ENOENT':
      return stage === 'open'
        ? `${prefix}the folder "${dir}" does not exist.`
        : `${prefix}the folder "${dir}" disappeared while exporting.`;
    case 'ENOENT_IN_EXISTING_DIR':
      return `${prefix}files cannot be created in the folder "${dir}".`;
    case 'ENOTDIR':
      return `${prefix}"${dir}" is not a folder.`;
    case 'EISDIR':
      return `${prefix}a folder with that name already exists.`;
    case 'EACCES':
    case 'EPERM':
      return stage === 'finish'
        ? `${prefix}the file could not be replaced. It may be open in another program (close it there) or the folder may not be writable.`
        : `${prefix}no permission to write in the folder "${dir}".`;
    case 'EBUSY':
      return `${prefix}the file is in use by another program. Close it there and try again.`;
    case 'EROFS':
      return `${prefix}the folder "${dir}" is on a read-only drive.`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `${prefix}the drive is full.`;
    case 'ENAMETOOLONG':
      return `${prefix}the file name is too long.`;
    default: {
      const detail = cause instanceof Error ? cause.message : String(cause);
      return `${prefix}${detail}`;
    }
  }
}

export function temporaryPathFor(targetPath: string): string {
  // Short base so that the suffix cannot push a long file name over the 255-byte limit.
  const base = path.basename(targetPath).slice(0, 100);
  const suffix = `${process.pid.toString(36)}-${randomBytes(4).toString('hex')}`;
  return path.join(path.dirname(targetPath), `.${base}.${suffix}.part`);
}

/**
 * Streams rows into a temporary file next to `targetPath`; `commit()` renames it into place,
 * `abort()` removes it. Await `writeRow` so that backpressure from the disk holds the producer.
 */
export class CsvFileWriter {
  readonly targetPath: string;
  readonly temporaryPath: string;
  readonly delimiter: CsvDelimiter;
  private readonly stream: WriteStream;
  private pending: string;
  private failure: unknown = undefined;
  private state: 'open' | 'committed' | 'aborted' = 'open';

  private constructor(
    targetPath: string,
    temporaryPath: string,
    stream: WriteStream,
    opts: Required<CsvWriterOptions>,
  ) {
    this.targetPath = targetPath;
    this.temporaryPath = temporaryPath;
    this.stream = stream;
    this.delimiter = opts.delimiter;
    this.pending = opts.bom ? BOM : '';
    // Keep the first error: later writes and commit() report it instead of crashing the process.
    stream.on('error', (error) => {
      this.failure ??= error;
    });
  }

  static async create(targetPath: string, options: CsvWriterOptions = {}): Promise<CsvFileWriter> {
    const target = path.resolve(targetPath);
    const delimiter = options.delimiter ?? ',';
    // Callers outside TypeScript (IPC, CLI flags) can pass anything; refuse rather than corrupt.
    if (!(CSV_DELIMITERS as readonly string[]).includes(delimiter)) {
      throw new TypeError(
        `Unsupported CSV delimiter ${JSON.stringify(delimiter)}: use "," or ";".`,
      );
    }
    const existing = await stat(target).catch(() => undefined);
    if (existing?.isDirectory()) {
      throw new CsvExportError(
        `Could not export to "${target}": a folder with that name already exists.`,
        target,
      );
    }
    const temporary = temporaryPathFor(target);
    // flush: fsync before close, so the rename never publishes a file whose data is still in cache.
    const stream = createWriteStream(temporary, {
      flags: 'wx',
      encoding: 'utf8',
      flush: true,
      highWaterMark: CHUNK_CHARS,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => {
          stream.off('error', reject);
          resolve();
        });
        stream.once('error', reject);
      });
    } catch (error) {
      // ENOENT also comes from special file systems (e.g. /proc) that exist but refuse new files.
      const dirExists = await stat(path.dirname(target)).then(
        (s) => s.isDirectory(),
        () => false,
      );
      const code = errorCode(error);
      const reported = code === 'ENOENT' && dirExists ? 'ENOENT_IN_EXISTING_DIR' : code;
      throw new CsvExportError(describeFailure(target, 'open', error, reported), target, error);
    }
    return new CsvFileWriter(target, temporary, stream, { bom: options.bom ?? true, delimiter });
  }

  /** Queues one record; resolves at once unless the disk is behind, then when it caught up. */
  async writeRow(cells: readonly string[], kinds?: readonly CellKind[]): Promise<void> {
    this.assertOpen();
    this.pending += formatRow(cells, kinds, this.delimiter);
    if (this.pending.length >= CHUNK_CHARS) await this.flushPending();
  }

  /** Writes what is left, closes the file and moves it into place. */
  async commit(): Promise<void> {
    this.assertOpen();
    try {
      await this.flushPending();
      await this.close();
      this.throwIfFailed();
    } catch (error) {
      await this.abort();
      throw this.wrap('write', error);
    }
    try {
      await rename(this.temporaryPath, this.targetPath);
    } catch (error) {
      await this.abort();
      throw this.wrap('finish', error);
    }
    this.state = 'committed';
  }

  /** Discards the temporary file. Safe to call more than once and after a failure. */
  async abort(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'aborted';
    if (!this.stream.closed) {
      await new Promise<void>((resolve) => {
        this.stream.once('close', () => {
          resolve();
        });
        this.stream.destroy();
      });
    }
    await unlink(this.temporaryPath).catch(() => undefined);
  }

  private async flushPending(): Promise<void> {
    this.throwIfFailed();
    if (this.pending === '') return;
    const chunk = this.pending;
    this.pending = '';
    if (this.stream.write(chunk)) return;
    await new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        this.stream.off('error', onError);
        resolve();
      };
      const onError = (error: unknown) => {
        this.stream.off('drain', onDrain);
        reject(this.wrap('write', error));
      };
      this.stream.once('drain', onDrain);
      this.stream.once('error', onError);
    });
  }

  private close(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject);
      this.stream.once('close', () => {
        resolve();
      });
      this.stream.end();
    });
  }

  private assertOpen(): void {
    if (this.state !== 'open') throw new Error(`CSV writer is already ${this.state}.`);
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) throw this.wrap('write', this.failure);
  }

  private wrap(stage: 'write' | 'finish', error: unknown): CsvExportError {
    if (error instanceof CsvExportError) return error;
    return new CsvExportError(
      describeFailure(this.targetPath, stage, error),
      this.targetPath,
      error,
    );
  }
}
