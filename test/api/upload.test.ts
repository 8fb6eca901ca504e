// Uploads stream from disk: exact bytes arrive, memory stays flat for a 20 MiB file, and a file
// that vanished or changed is reported as such instead of being half-sent.
import busboy from 'busboy';
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, makeApi } from './helpers/api';
import { tempDir, type TempDir } from './helpers/files';
import { drain, fixtures, sendJson, startServer, type TestServer } from './helpers/server';

const MIB = 1024 * 1024;
const CHILD = fileURLToPath(new URL('./helpers/upload-child.ts', import.meta.url));

let dir: TempDir;
let server: TestServer;

beforeAll(async () => {
  dir = await tempDir();
  server = await startServer();
});
afterAll(async () => {
  await server.close();
  await dir.remove();
});

/** Writes `size` random bytes in chunks (never whole in memory) and returns their SHA-256. */
async function writeRandomFile(path: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  for (let left = size; left > 0; left -= MIB) {
    const chunk = randomBytes(Math.min(MIB, left));
    hash.update(chunk);
    if (!out.write(chunk))
      await new Promise<void>((r) =>
        out.once('drain', () => {
          r();
        }),
      );
  }
  await new Promise<void>((resolve, reject) => {
    out.end(resolve);
    out.once('error', reject);
  });
  return hash.digest('hex');
}

interface Received {
  readonly bytes: number;
  readonly sha256: string;
  readonly filename: string;
  /** Memory of the uploading process when half the file had arrived. */
  readonly midUpload?: number;
}

/** Receives one multipart file, hashing it as it streams; optionally pauses mid-way to measure. */
function receiveFile(
  req: IncomingMessage,
  measureAt?: { bytes: number; measure: () => Promise<number> },
): Promise<Received> {
  return new Promise((resolve, reject) => {
    const bb = busboy({ headers: req.headers, limits: { fileSize: 64 * MIB } });
    bb.on('file', (_field, stream, info) => {
      const hash = createHash('sha256');
      let bytes = 0;
      let midUpload: number | undefined;
      stream.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        bytes += chunk.length;
        if (measureAt && midUpload === undefined && bytes >= measureAt.bytes) {
          midUpload = -1;
          // Stop reading: the client cannot finish, so whatever it holds is held right now.
          stream.pause();
          measureAt.measure().then((m) => {
            midUpload = m;
            stream.resume();
          }, reject);
        }
      });
      stream.on('end', () => {
        resolve({ bytes, sha256: hash.digest('hex'), filename: info.filename ?? '', midUpload });
      });
    });
    bb.on('error', reject);
    req.pipe(bb);
  });
}

interface ChildRun {
  readonly received: Received;
  readonly baseline: number;
  readonly result: string;
}

async function uploadFromChild(
  mode: 'client' | 'buffered',
  file: { path: string; name: string; size: number },
): Promise<ChildRun> {
  const child = fork(CHILD, [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  child.on('message', (m) => {
    inbox.push(m as Record<string, unknown>);
    waiters.splice(0).forEach((w) => {
      w();
    });
  });
  const next = async (key: string): Promise<unknown> => {
    for (;;) {
      const i = inbox.findIndex((m) => key in m || 'failed' in m);
      if (i >= 0) {
        const [m] = inbox.splice(i, 1);
        if (m && 'failed' in m) throw new Error(`child failed: ${String(m.failed)}`);
        return m?.[key];
      }
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  try {
    let receiving: Promise<Received> | undefined;
    server.setHandler(async (req, res) => {
      receiving = receiveFile(req, {
        bytes: file.size / 2,
        measure: async () => {
          child.send('measure');
          return (await next('during')) as number;
        },
      });
      const got = await receiving;
      await drain(req);
      sendJson(res, 200, fixtures.task(`t-${got.bytes}`));
    });
    child.send({ url: server.url, ...file, mode });
    const baseline = (await next('baseline')) as number;
    const result = (await next('done')) as string;
    if (!receiving) throw new Error('server got nothing');
    return { received: await receiving, baseline, result };
  } finally {
    child.kill();
  }
}

describe('streaming uploads', () => {
  it('sends a 20 MiB file byte for byte with flat memory', async () => {
    const size = 20 * MIB;
    const path = join(dir.path, 'big.jpg');
    const sha256 = await writeRandomFile(path, size);

    const run = await uploadFromChild('client', { path, name: 'big.jpg', size });
    expect(run.received).toMatchObject({ bytes: size, sha256, filename: 'big.jpg' });
    expect(run.result).toBe(`t-${size}`);
    const grew = (run.received.midUpload ?? Infinity) - run.baseline;
    expect(grew).toBeLessThan(6 * MIB);

    // Control: the same probe does see a client that reads the whole file first.
    const naive = await uploadFromChild('buffered', { path, name: 'big.jpg', size });
    expect(naive.received.sha256).toBe(sha256);
    expect((naive.received.midUpload ?? 0) - naive.baseline).toBeGreaterThan(size);
  }, 120_000);

  it('a file that vanished is a local_file error and nothing is sent', async () => {
    const before = server.received.length;
    const error = await failure(
      makeApi(server.url).createTask({
        path: join(dir.path, 'gone.jpg'),
        name: 'gone.jpg',
        size: 9,
      }),
      'local_file',
    );
    expect(error.info).toEqual({ class: 'local_file', reason: 'vanished' });
    expect(server.received.length).toBe(before);
  });

  it('a file whose size changed since the scan is not sent', async () => {
    const file = await dir.file('grown.jpg', 'twelve bytes');
    const error = await failure(
      makeApi(server.url).createBatch([{ ...file, size: 5 }]),
      'local_file',
    );
    expect(error.info).toEqual({ class: 'local_file', reason: 'changed_on_disk' });
  });

  it('a file modified during the upload fails instead of mixing old and new bytes', async () => {
    const path = join(dir.path, 'changing.jpg');
    await writeRandomFile(path, 8 * MIB);
    server.setHandler((req, res) => {
      let touched = false;
      req.on('data', () => {
        if (!touched) {
          touched = true;
          appendFileSync(path, 'x'); // another program writes to the photo
        }
      });
      req.on('end', () => {
        sendJson(res, 200, fixtures.task());
      });
      req.on('error', () => undefined);
    });
    const error = await failure(
      makeApi(server.url).createTask({ path, name: 'changing.jpg', size: 8 * MIB }),
      'local_file',
    );
    expect(error.info).toEqual({ class: 'local_file', reason: 'changed_on_disk' });
  });
});
