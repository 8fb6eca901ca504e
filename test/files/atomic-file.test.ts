// The one atomic file writer on the real disk, its file-system calls watched: the new file is
// flushed before the rename and its folder after it, and a failure at any step leaves the old
// target as it was and no temporary file behind.
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AtomicFile,
  writeFileAtomicSync,
  type AtomicFileSystem,
  type AtomicFileSystemSync,
} from '../../main/files/atomic-file';
import { useTempDirPerTest } from '../helpers/temp-dir-per-test';

const tmp = useTempDirPerTest('meterdesk-atomic-');

/** What happened, in order: `sync <path>`, `rename <from> <to>`; temporary names as `<tmp>`. */
type Log = string[];
const named = (path: string): string =>
  path === tmp.dir ? '<dir>' : path.replace(tmp.dir, '').replace(/^\/\..*\.part$/, '<tmp>');

function watchedFs(log: Log, failWrite = false): AtomicFileSystem {
  return {
    open: async (file, flags, mode) => {
      const handle = await fsp.open(file, flags, mode);
      return new Proxy(handle, {
        get(target, key: keyof fsp.FileHandle) {
          if (key === 'sync') {
            return async () => {
              await target.sync();
              log.push(`sync ${named(file)}`);
            };
          }
          if (key === 'write' && failWrite) {
            return () => Promise.reject(Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
          }
          const value: unknown = Reflect.get(target, key);
          return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
        },
      });
    },
    rename: async (from, to) => {
      await fsp.rename(from, to);
      log.push(`rename ${named(from)} ${named(to)}`);
    },
    unlink: fsp.unlink,
  };
}

function watchedFsSync(log: Log, failWrite = false): AtomicFileSystemSync {
  const paths = new Map<number, string>();
  return {
    openSync: (file, flags, mode) => {
      const fd = fs.openSync(file, flags, mode);
      paths.set(fd, file);
      return fd;
    },
    writeSync: (fd, data) => {
      if (failWrite) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      return fs.writeSync(fd, data);
    },
    fsyncSync: (fd) => {
      fs.fsyncSync(fd);
      log.push(`sync ${named(paths.get(fd) ?? '?')}`);
    },
    closeSync: fs.closeSync,
    renameSync: (from, to) => {
      fs.renameSync(from, to);
      log.push(`rename ${named(from)} ${named(to)}`);
    },
    rmSync: fs.rmSync,
  };
}

const EXPECTED: Log = ['sync <tmp>', 'rename <tmp> /out.txt', 'sync <dir>'];

describe('AtomicFile', () => {
  it('flushes the file, renames it into place, then flushes the folder', async () => {
    const log: Log = [];
    const file = await AtomicFile.create(join(tmp.dir, 'out.txt'), { fs: watchedFs(log) });
    await file.write('first ');
    await file.write(new TextEncoder().encode('second'));
    expect(fs.readdirSync(tmp.dir)).toEqual([file.temporaryPath.slice(tmp.dir.length + 1)]);
    await file.commit();
    expect(log).toEqual(EXPECTED);
    expect(fs.readFileSync(join(tmp.dir, 'out.txt'), 'utf8')).toBe('first second');
    expect(fs.readdirSync(tmp.dir)).toEqual(['out.txt']);
  });

  it('keeps the old file and leaves no temporary file when a write fails', async () => {
    fs.writeFileSync(join(tmp.dir, 'out.txt'), 'old');
    const file = await AtomicFile.create(join(tmp.dir, 'out.txt'), {
      fs: watchedFs([], true),
      fail: (stage, error) => new Error(`${stage}: ${(error as Error).message}`),
    });
    await expect(file.write('new')).rejects.toThrow('write: disk full');
    await expect(file.commit()).rejects.toThrow('already aborted');
    expect(fs.readdirSync(tmp.dir)).toEqual(['out.txt']);
    expect(fs.readFileSync(join(tmp.dir, 'out.txt'), 'utf8')).toBe('old');
  });

  it('leaves no temporary file when the rename fails', async () => {
    fs.mkdirSync(join(tmp.dir, 'out.txt', 'inside'), { recursive: true });
    const file = await AtomicFile.create(join(tmp.dir, 'out.txt'));
    await file.write('new');
    await expect(file.commit()).rejects.toMatchObject({ code: expect.any(String) as unknown });
    expect(fs.readdirSync(tmp.dir)).toEqual(['out.txt']);
  });
});

describe('writeFileAtomicSync', () => {
  it('flushes the file, renames it into place, then flushes the folder', () => {
    const log: Log = [];
    writeFileAtomicSync(join(tmp.dir, 'out.txt'), '{"a":1}\n', {
      mode: 0o600,
      fs: watchedFsSync(log),
    });
    expect(log).toEqual(EXPECTED);
    expect(fs.readFileSync(join(tmp.dir, 'out.txt'), 'utf8')).toBe('{"a":1}\n');
    expect(fs.statSync(join(tmp.dir, 'out.txt')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(tmp.dir)).toEqual(['out.txt']);
  });

  it('keeps the old file and leaves no temporary file when a write fails', () => {
    fs.writeFileSync(join(tmp.dir, 'out.txt'), 'old');
    expect(() => {
      writeFileAtomicSync(join(tmp.dir, 'out.txt'), 'new', { fs: watchedFsSync([], true) });
    }).toThrow('disk full');
    expect(fs.readdirSync(tmp.dir)).toEqual(['out.txt']);
    expect(fs.readFileSync(join(tmp.dir, 'out.txt'), 'utf8')).toBe('old');
  });
});
