// `meter-desk run` with a key that may not read tasks but may read batches: every photo is read
// through batches and the run exits 0.
import { afterEach, describe, expect, it } from 'vitest';
import { expectEveryReading, runCli } from '../helpers/cli-run';
import { harness, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('meter-desk run with a key without tasks:read', () => {
  it('reads every photo through batches and exits 0', async () => {
    h = await harness({
      photos: 5,
      duplicates: 0,
      subfolders: false,
      sandbox: { profile: 'no-task-reads' },
    });
    expect((await runCli(h)).code).toBe(0);
    expectEveryReading(h);
  });
});
