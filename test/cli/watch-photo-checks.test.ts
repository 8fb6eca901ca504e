// `meter-desk watch` checks photos as `meter-desk run` does (issue 25): unreadable photos arriving
// in a watched folder are held, said as they are held and in the summary with the quota saved,
// and `--no-photo-checks` sends them. The real sandbox over HTTP, the real check worker thread.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchCommand } from '../../main/cli/commands/watch';
import { captureIo, type CapturedIo } from '../helpers/cli-io';
import { harness, waitFor, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Watches a new folder, copies every sample photo into it, and stops once `done` holds. */
async function watchOnce(
  hh: Harness,
  name: string,
  flags: readonly string[],
  done: (io: CapturedIo) => boolean,
): Promise<CapturedIo> {
  const inbox = join(hh.dir, name);
  mkdirSync(inbox);
  const io = captureIo({
    METER_DESK_BASE_URL: hh.sandbox.url,
    METER_DESK_API_KEY: hh.sandbox.apiKey,
  });
  const db = join(hh.dir, `${name}.sqlite`);
  const stop = new AbortController();
  const watching = watchCommand([inbox, '--db', db, '--stable', '0.3', ...flags], io, {
    signal: stop.signal,
  });
  const seen = (): string => `stdout:\n${io.stdout()}\nstderr:\n${io.stderr()}`;
  await waitFor(() => io.stderr().includes(`Watching ${inbox}`), 30_000, seen);
  for (const file of readdirSync(hh.photos)) copyFileSync(join(hh.photos, file), join(inbox, file));
  await waitFor(() => done(io), 60_000, seen);
  stop.abort();
  expect(await watching).toBe(0);
  return io;
}

describe('meter-desk watch and the quality check', () => {
  it('holds unreadable photos as run does, and --no-photo-checks sends them', async () => {
    const hh = await harness({ photos: 4, duplicates: 0, subfolders: false, flawed: 4 });
    h = hh;
    const held = await watchOnce(
      hh,
      'checked',
      [],
      (io) =>
        io.stderr().includes('Held, not sent: 4 (') && hh.sandbox.ledger.counts().tasksCreated >= 4,
    );
    expect(held.stdout()).toContain(
      'Held, not sent: 4 (1 too small, 1 too dark, 1 overexposed, 1 blurred); quota saved: 4 readings.',
    );
    expect(hh.sandbox.ledger.tasks()).toHaveLength(4);

    const unchecked = await watchOnce(
      hh,
      'unchecked',
      ['--no-photo-checks'],
      () => hh.sandbox.ledger.counts().tasksCreated >= 12,
    );
    expect(unchecked.all()).not.toContain('Held');
  }, 120_000);
});
