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
// - The file is written through the one atomic writer (main/files/atomic-file.ts), so a failed or
//   cancelled export never leaves half a file where the user expects a finished one.

import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { needsNeutralising, textCell } from '../../common/billing/export-line';
import { replyText } from '../../common/reply-english';
import { replyMessage, type ReplyMessage } from '../../common/reply-messages';
import { AtomicFile } from '../files/atomic-file';

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
const BOM = '\uFEFF';
const CRLF = '\r\n';
/** Rows are batched into chunks of about this many UTF-16 units before they reach the disk. */
const CHUNK_CHARS = 64 * 1024;

/** True for a value the writer passes through unchanged in a numeric cell. */
export function isNumericReading(value: string): boolean {
  return NUMERIC.test(value);
}

export { needsNeutralising };

/** One cell as it appears in the file (neutralised, quoted when needed), without the delimiter. */
export function formatCell(value: string, kind: CellKind = 'text'): string {
  if (kind === 'numeric' && NUMERIC.test(value)) return value;
  return textCell(value);
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

/**
 * Why an export could not be written; `code` is the file system's error code when there is one,
 * `said` the reason as the code exportNotWritten (common/reply-messages.ts), `message` its English.
 */
export class CsvExportError extends Error {
  override readonly name = 'CsvExportError';
  readonly code: string | undefined;
  readonly targetPath: string;

  constructor(
    readonly said: ReplyMessage,
    targetPath: string,
    cause?: unknown,
  ) {
    super(replyText(said), { cause });
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

/** The file system's codes that share a reason. */
const SAME_REASON: Readonly<Record<string, string>> = {
  ENOENT_IN_EXISTING_DIR: 'noNewFiles',
  EPERM: 'EACCES',
  EDQUOT: 'ENOSPC',
};
const REASONS = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'EACCES', 'EBUSY', 'EROFS', 'ENOSPC']);

/** Why the file could not be written, as a code naming the file and (in its English) the fix. */
export function describeFailure(
  targetPath: string,
  stage: 'open' | 'write' | 'finish',
  cause: unknown,
  code = errorCode(cause),
): ReplyMessage {
  const known = code === undefined ? undefined : (SAME_REASON[code] ?? code);
  const why =
    known !== undefined &&
    (REASONS.has(known) || known === 'noNewFiles' || known === 'ENAMETOOLONG')
      ? known
      : 'other';
  const detail = why !== 'other' ? '' : cause instanceof Error ? cause.message : String(cause);
  return replyMessage('exportNotWritten', {
    file: targetPath,
    folder: path.dirname(targetPath),
    why,
    stage,
    detail,
  });
}

/** `describeFailure`'s code for a folder that exists but takes no new files (e.g. /sys, /proc). */
function openCode(targetPath: string, error: unknown): string | undefined {
  const code = errorCode(error);
  if (code !== 'ENOENT') return code;
  try {
    return statSync(path.dirname(targetPath)).isDirectory() ? 'ENOENT_IN_EXISTING_DIR' : code;
  } catch {
    return code;
  }
}

/**
 * A file the user chose to export to, written through the one atomic writer (main/files/): it
 * appears complete or not at all, and every failure is a CsvExportError in the user's words.
 */
export async function openExportFile(targetPath: string): Promise<AtomicFile> {
  const target = path.resolve(targetPath);
  const existing = await stat(target).catch(() => undefined);
  if (existing?.isDirectory()) {
    const said = replyMessage('exportNotWritten', {
      file: target,
      folder: path.dirname(target),
      why: 'folderExists',
      stage: 'open',
      detail: '',
    });
    throw new CsvExportError(said, target);
  }
  return AtomicFile.create(target, {
    fail: (stage, error) =>
      error instanceof CsvExportError
        ? error
        : new CsvExportError(
            describeFailure(
              target,
              stage,
              error,
              stage === 'open' ? openCode(target, error) : undefined,
            ),
            target,
            error,
          ),
  });
}

/**
 * Writes rows into a temporary file next to `targetPath`; `commit()` moves it into place,
 * `abort()` removes it. Await `writeRow` so that the disk's pace holds the producer.
 */
export class CsvFileWriter {
  readonly delimiter: CsvDelimiter;
  private pending: string;
  private state: 'open' | 'committed' | 'aborted' = 'open';

  private constructor(
    private readonly file: AtomicFile,
    opts: Required<CsvWriterOptions>,
  ) {
    this.delimiter = opts.delimiter;
    this.pending = opts.bom ? BOM : '';
  }

  get targetPath(): string {
    return this.file.targetPath;
  }

  get temporaryPath(): string {
    return this.file.temporaryPath;
  }

  static async create(targetPath: string, options: CsvWriterOptions = {}): Promise<CsvFileWriter> {
    const delimiter = options.delimiter ?? ',';
    // Callers outside TypeScript (IPC, CLI flags) can pass anything; refuse rather than corrupt.
    if (!(CSV_DELIMITERS as readonly string[]).includes(delimiter)) {
      throw new TypeError(
        `Unsupported CSV delimiter ${JSON.stringify(delimiter)}: use "," or ";".`,
      );
    }
    const file = await openExportFile(targetPath);
    return new CsvFileWriter(file, { bom: options.bom ?? true, delimiter });
  }

  /** Queues one record; resolves at once unless a chunk is due, then when the disk took it. */
  async writeRow(cells: readonly string[], kinds?: readonly CellKind[]): Promise<void> {
    this.assertOpen();
    this.pending += formatRow(cells, kinds, this.delimiter);
    if (this.pending.length >= CHUNK_CHARS) await this.flushPending();
  }

  /** Writes what is left, flushes the file and moves it into place. */
  async commit(): Promise<void> {
    this.assertOpen();
    try {
      await this.flushPending();
      await this.file.commit();
      this.state = 'committed';
    } catch (error) {
      this.state = 'aborted';
      throw error;
    }
  }

  /** Discards the temporary file. Safe to call more than once and after a failure. */
  async abort(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'aborted';
    await this.file.abort();
  }

  private async flushPending(): Promise<void> {
    if (this.pending === '') return;
    const chunk = this.pending;
    this.pending = '';
    await this.file.write(chunk);
  }

  private assertOpen(): void {
    if (this.state !== 'open') throw new Error(`CSV writer is already ${this.state}.`);
  }
}
