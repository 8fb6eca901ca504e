// The service's own words reach the person: why a task still waits (error_message of a non-final
// task), what kind of failure a failed one had (failure_kind), and the whole quota object.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../main/cli/main';
import { captureIo } from '../../helpers/cli-io';
import { harness, runToEnd, waitFor, type Harness } from '../../helpers/engine-harness';
import { jobText, quotedMessage } from '../../../common/job-messages';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Starts and ends like a JPEG (so the scanner sends it) but holds no image the service can use. */
function jpegShell(path: string): void {
  const junk = Buffer.alloc(2_000, 0x41);
  writeFileSync(
    path,
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), junk, Buffer.from([0xff, 0xd9])]),
  );
}

describe("the service's words", () => {
  it('a file the service could not use as an image is reported as such, not as an unread meter', async () => {
    h = await harness({ photos: 5, duplicates: 0, subfolders: false });
    jpegShell(join(h.photos, 'shell.jpg'));
    const s = h.open({ batchMode: 'always' });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    const shell = [...s.store.queries.iterate({})].find((j) => j.relPath === 'shell.jpg');
    expect(shell).toMatchObject({ state: 'failed', failureKind: 'server_rejected_type' });
    // In a batch with readable photos the service makes it a failed task (failure_kind
    // invalid_image); sent on its own (a busy machine's scan can hand it over alone) the upload
    // gets 415. Either way the service's own words reach the row.
    if (shell?.serviceFailureKind !== null) {
      expect(shell?.serviceFailureKind).toBe('invalid_image');
      expect(shell?.errorMessage && jobText(shell.errorMessage)).toMatch(/invalid_image/);
    } else {
      expect(shell.errorMessage && jobText(shell.errorMessage)).toMatch(/invalid image content/);
    }
    expect(s.engine.status().counts.done).toBe(5);
  });

  it("a task waiting at the service shows the service's reason, in the row and in `meter-desk status`", async () => {
    h = await harness({ photos: 3, duplicates: 0 });
    h.sandbox.control.setAiOnline(false);
    const s = h.open({ batchMode: 'never' });
    await s.actions.addPhotos([h.photos]);
    await s.engine.start();
    await waitFor(() =>
      [...s.store.queries.iterate({})].some(
        (j) => j.remoteStatus === 'waiting_ai' && j.errorMessage !== null,
      ),
    );
    const waiting = [...s.store.queries.iterate({})].find((j) => j.remoteStatus === 'waiting_ai');
    const said = h.sandbox.ledger.task(waiting?.taskId ?? '')?.errorMessage;
    expect(said).toBeTruthy();
    expect(waiting?.errorMessage).toEqual(quotedMessage(said ?? ''));
    const io = captureIo({});
    expect(await main(['status', '--db', h.dbFile], io)).toBe(0);
    expect(io.stdout()).toMatch(/waiting at the service \(waiting_ai\): /);
    expect(io.stdout()).toContain(said ?? '');
    expect(io.stdout()).toContain('In use by a test session');
  });

  it('`meter-desk quota` shows the account type, the package pools and when they expire', async () => {
    h = await harness({ photos: 1, sandbox: { profile: 'paid-packages' } });
    const io = captureIo({
      METER_DESK_BASE_URL: h.sandbox.url,
      METER_DESK_API_KEY: h.sandbox.apiKey,
    });
    expect(await main(['quota'], io)).toBe(0);
    const out = io.stdout();
    expect(out).toMatch(/account\s+paid/);
    expect(out).toMatch(/monthly package left\s+40/);
    expect(out).toMatch(/monthly bonus left\s+5/);
    expect(out).toMatch(/fixed quota left\s+10/);
    expect(out).toMatch(/nearest expiry\s+2030-12-31T23:59:59.000Z/);
  });

  it('the engine status carries the same quota details for the window', async () => {
    h = await harness({ photos: 2, duplicates: 0, sandbox: { profile: 'paid-packages' } });
    const s = h.open();
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    const quota = s.engine.status().quota;
    // As last read (the run may have spent two of them since).
    expect(quota?.monthlyRemaining).toBeGreaterThanOrEqual(38);
    expect(quota).toMatchObject({
      accountType: 'paid',
      monthlyBonusRemaining: 5,
      fixedRemaining: 10,
      nearestExpireAt: '2030-12-31T23:59:59.000Z',
    });
  });
});
