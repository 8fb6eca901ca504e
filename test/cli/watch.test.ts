// `meter-desk watch` as a real process against the sandbox over HTTP: photos copied into the folder
// are read once, a stop by SIGTERM is clean, a restart reads nothing twice, a busy queue is refused.
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { watchCommand } from '../../main/cli/commands/watch';
import { captureIo } from '../helpers/cli-io';
import { handlesSignal, signalNote } from '../helpers/os-signals';
import { harness, waitFor, type Harness } from '../helpers/engine-harness';
import { meterDeskCli } from '../helpers/built-app';

const run = promisify(execFile);

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function startWatch(hh: Harness, folder: string) {
  const child = spawn(
    process.execPath,
    [await meterDeskCli(), 'watch', folder, '--db', hh.dbFile, '--stable', '0.5'],
    {
      env: {
        ...process.env,
        METER_DESK_BASE_URL: hh.sandbox.url,
        METER_DESK_API_KEY: hh.sandbox.apiKey,
      },
    },
  );
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, out, exited };
}

const photosIn = (dir: string): string[] =>
  readdirSync(dir).filter((n) => /\.(jpe?g|png|webp)$/i.test(n));

describe('meter-desk watch', () => {
  it.skipIf(!handlesSignal('SIGTERM'))(
    `reads photos as they arrive, stops cleanly on SIGTERM, and reads nothing twice after a restart${signalNote('SIGTERM')}`,
    async () => {
      const hh = await harness({ photos: 4, duplicates: 0, subfolders: false });
      h = hh;
      const inbox = join(hh.dir, 'inbox');
      mkdirSync(inbox);
      const first = await startWatch(hh, inbox);
      await waitFor(() => first.out.stderr.includes(`Watching ${inbox}`), 30_000);

      const [a, b, c, d] = photosIn(hh.photos);
      if (!a || !b || !c || !d) throw new Error('not enough sample photos');
      copyFileSync(join(hh.photos, a), join(inbox, a));
      copyFileSync(join(hh.photos, b), join(inbox, b));
      // A slow copy: half now, the rest a moment later; the photo is read whole or not at all.
      const bytes = readFileSync(join(hh.photos, c));
      writeFileSync(join(inbox, c), bytes.subarray(0, bytes.length >> 1));
      await new Promise((r) => setTimeout(r, 100));
      await appendFile(join(inbox, c), bytes.subarray(bytes.length >> 1));
      await waitFor(() => hh.sandbox.ledger.counts().tasksCreated >= 3, 60_000);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.out.stderr).toContain('Stopping (SIGTERM)');
      expect(first.out.stdout).toMatch(/photos queued/);
      expect(first.out.stderr).not.toMatch(/rejected|truncated/i);

      // Whatever was still out is read to the end before the restart.
      const between = hh.open({}, 'between the runs');
      await between.engine.start();
      expect(await between.engine.waitSettled()).toBe('complete');
      expect(between.store.jobs.counts().done).toBe(3);
      await between.close();

      // Restarted with one more photo and a copy of one already read under a new name: only the
      // new photo is sent; the copy is answered from its twin by SHA-256.
      copyFileSync(join(hh.photos, d), join(inbox, d));
      copyFileSync(join(hh.photos, a), join(inbox, `copy of ${a}`));
      const second = await startWatch(hh, inbox);
      await waitFor(() => hh.sandbox.ledger.counts().tasksCreated >= 4, 60_000);
      await waitFor(() => /3 already in the list/.test(second.out.stdout), 30_000);
      await waitFor(() => /1 identical to photos already read/.test(second.out.stdout), 30_000);
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
      expect(hh.sandbox.ledger.counts().tasksCreated).toBe(4);
      const window = hh.open({}, 'check');
      expect(window.store.jobs.counts().total).toBe(5);
    },
    120_000,
  );

  it('exits 5 naming the owner when the window has the queue, and 2 for a file given as a folder', async () => {
    const hh = await harness({ photos: 1, duplicates: 0, subfolders: false });
    h = hh;
    const env = {
      ...process.env,
      METER_DESK_BASE_URL: hh.sandbox.url,
      METER_DESK_API_KEY: hh.sandbox.apiKey,
    };
    hh.open({}, 'the MeterDesk window');
    const busy = await run(
      process.execPath,
      [await meterDeskCli(), 'watch', hh.photos, '--db', hh.dbFile],
      { env },
    ).then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(busy?.code).toBe(5);
    expect(busy?.stderr).toContain('in use by the MeterDesk window');

    const photo = join(hh.photos, photosIn(hh.photos)[0] ?? 'missing');
    const wrong = await run(
      process.execPath,
      [await meterDeskCli(), 'watch', photo, '--db', hh.dbFile],
      { env },
    ).then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(wrong?.code).toBe(2);
    expect(wrong?.stderr).toContain('is a file, not a folder to watch');
  }, 60_000);

  it('says when sending waits (a rejected key), watches a card not inserted yet, and stops on request', async () => {
    const hh = await harness({ photos: 1, duplicates: 0, subfolders: false });
    h = hh;
    const card = join(hh.dir, 'card');
    const io = captureIo({
      METER_DESK_BASE_URL: hh.sandbox.url,
      METER_DESK_API_KEY: 'md_not_a_key_the_service_knows_000',
    });
    const stop = new AbortController();
    const done = watchCommand([card, '--db', hh.dbFile, '--stable', '0.3'], io, {
      signal: stop.signal,
    });
    const seen = (): string => `stdout:\n${io.stdout()}\nstderr:\n${io.stderr()}`;
    await waitFor(() => io.stderr().includes(`Unavailable: ${card}`), 30_000, seen);
    mkdirSync(card);
    await waitFor(() => io.stderr().includes(`Watching ${card}`), 30_000, seen);
    copyFileSync(join(hh.photos, photosIn(hh.photos)[0] ?? 'missing'), join(card, 'a.jpg'));
    await waitFor(() => io.stdout().includes(`${card}: 1 photos queued`), 30_000, seen);
    await waitFor(() => io.stderr().includes('Waiting: API key rejected'), 30_000, seen);
    stop.abort();
    expect(await done).toBe(0);
    expect(io.stderr()).toContain('Stopping (stop)');
    expect(io.stdout()).toContain('queued 1');
  }, 60_000);
});
