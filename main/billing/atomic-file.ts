// A file that appears complete or not at all: bytes go to a temporary file beside the target,
// which is flushed to disk and then renamed over it, as the CSV export does (main/export/csv.ts,
// whose temporary names and error messages this shares).
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { CsvExportError, describeFailure, temporaryPathFor } from '../export/csv';

export class AtomicFile {
  private state: 'open' | 'committed' | 'aborted' = 'open';

  private constructor(
    readonly targetPath: string,
    readonly temporaryPath: string,
    private readonly handle: FileHandle,
  ) {}

  static async create(targetPath: string): Promise<AtomicFile> {
    const target = path.resolve(targetPath);
    const existing = await stat(target).catch(() => undefined);
    if (existing?.isDirectory()) {
      throw new CsvExportError(
        `Could not export to "${target}": a folder with that name already exists.`,
        target,
      );
    }
    const temporary = temporaryPathFor(target);
    try {
      return new AtomicFile(target, temporary, await open(temporary, 'wx'));
    } catch (error) {
      throw new CsvExportError(describeFailure(target, 'open', error), target, error);
    }
  }

  async write(bytes: Uint8Array): Promise<void> {
    if (this.state !== 'open') throw new Error(`The file is already ${this.state}.`);
    try {
      await this.handle.write(bytes);
    } catch (error) {
      await this.abort();
      throw new CsvExportError(
        describeFailure(this.targetPath, 'write', error),
        this.targetPath,
        error,
      );
    }
  }

  /** Flushes, closes and moves the file into place. */
  async commit(): Promise<void> {
    if (this.state !== 'open') throw new Error(`The file is already ${this.state}.`);
    try {
      await this.handle.sync();
      await this.handle.close();
    } catch (error) {
      await this.abort();
      throw new CsvExportError(
        describeFailure(this.targetPath, 'write', error),
        this.targetPath,
        error,
      );
    }
    try {
      await rename(this.temporaryPath, this.targetPath);
    } catch (error) {
      this.state = 'aborted';
      await unlink(this.temporaryPath).catch(() => undefined);
      throw new CsvExportError(
        describeFailure(this.targetPath, 'finish', error),
        this.targetPath,
        error,
      );
    }
    this.state = 'committed';
  }

  /** Removes the temporary file; safe to call more than once. */
  async abort(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'aborted';
    await this.handle.close().catch(() => undefined);
    await unlink(this.temporaryPath).catch(() => undefined);
  }
}
