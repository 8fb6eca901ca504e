// `meter-desk run` with the quality check before upload: the held photos per reason and the quota
// they saved in the summary (and the JSON), and `--no-photo-checks` sending them, which the
// sandbox fails as a real service would. The real sandbox over HTTP, the real worker thread.
import { describe, expect, it, afterEach } from 'vitest';
import { main } from '../../main/cli/main';
import { harness, type Harness } from '../helpers/engine-harness';
import { captureIo as io } from '../helpers/cli-io';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('meter-desk run and the quality check', () => {
  it('holds unreadable photos, says why and what it saved, and --no-photo-checks sends them', async () => {
    h = await harness({ photos: 4, duplicates: 0, subfolders: false, flawed: 4 });
    const env = { METER_DESK_BASE_URL: h.sandbox.url, METER_DESK_API_KEY: h.sandbox.apiKey };
    const run = io(env);
    expect(await main(['run', h.photos, '--db', h.dbFile], run)).toBe(0);
    expect(run.stdout()).toContain('done 4 · failed 0');
    expect(run.stdout()).toContain(
      'Held, not sent: 4 (1 too small, 1 too dark, 1 overexposed, 1 blurred); quota saved: 4 readings.',
    );
    expect(h.sandbox.ledger.tasks()).toHaveLength(4);

    const json = io(env);
    expect(await main(['run', h.photos, '--db', h.dbFile, '--json'], json)).toBe(0);
    const summary = JSON.parse(json.stdout()) as { held: unknown };
    expect(summary.held).toEqual({
      byReason: { too_small: 1, too_dark: 1, blown_out: 1, blurred: 1 },
      quotaSaved: 4,
    });

    const unchecked = io(env);
    expect(await main(['run', h.photos, '--db', h.dbFile, '--no-photo-checks'], unchecked)).toBe(0);
    expect(unchecked.stdout()).toContain('done 4 · failed 4');
    expect(unchecked.stdout()).not.toContain('Held');
    const tasks = h.sandbox.ledger.tasks();
    expect(tasks).toHaveLength(8);
    expect(tasks.filter((t) => t.quotaCharged)).toHaveLength(4);
  }, 120_000);
});
