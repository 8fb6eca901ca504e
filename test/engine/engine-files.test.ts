import { copyFileSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../common/job-record';
import type { Session } from '../../main/actions/session';
import { harness, runToEnd, type Harness } from '../helpers/engine-harness';
import { jobText, quotedMessage } from '../../common/job-messages';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const jobs = (s: Session): JobRecord[] => [...s.store.queries.iterate({})];

/** Photos at the top of the sample folder, largest first. */
function topPhotos(hh: Harness): string[] {
  return readdirSync(hh.photos, { withFileTypes: true })
    .filter((d) => d.isFile() && /\.(jpe?g|png|webp)$/i.test(d.name))
    .map((d) => join(hh.photos, d.name))
    .sort((a, b) => statSync(b).size - statSync(a).size);
}

describe('engine: files the service refuses or that change on disk', () => {
  it.each(['never', 'always'] as const)(
    'a file the service finds too large fails alone with its reason (batch mode %s)',
    async (batchMode) => {
      h = await harness({ photos: 10, duplicates: 0, subfolders: false });
      const [largest] = topPhotos(h);
      if (!largest) throw new Error('no photos');
      // The client's own limit is 20 MiB; this service is made stricter, so only it can refuse.
      h.sandbox.control.setUploadLimits({ maxFileBytes: statSync(largest).size - 1 });
      const s = h.open({ batchMode });
      expect(await runToEnd(s, [h.photos])).toBe('complete');
      const all = jobs(s);
      const failed = all.filter((j) => j.state === 'failed');
      expect(failed.map((j) => j.path)).toEqual([largest]);
      expect(failed[0]?.failureKind).toBe('server_rejected_size');
      expect(jobText(failed[0]?.errorMessage ?? quotedMessage(''))).toMatch(/too large/i);
      expect(all.filter((j) => j.state === 'done')).toHaveLength(all.length - 1);
    },
  );

  it('a file renamed after it was added fails as moved; an edited one is sent as it is now', async () => {
    h = await harness({ photos: 6, duplicates: 0, subfolders: false });
    const [a, b, c] = topPhotos(h);
    if (!a || !b || !c) throw new Error('no photos');
    const s = h.open({ batchMode: 'never' });
    await s.actions.addPhotos([h.photos]);
    renameSync(a, `${a}.moved`);
    copyFileSync(c, b); // b now holds c's photo (and c's reading)
    await s.engine.start();
    expect(await s.engine.waitSettled()).toBe('complete');
    const byPath = new Map(jobs(s).map((j) => [j.path, j]));
    expect(byPath.get(a)).toMatchObject({ state: 'failed', failureKind: 'vanished' });
    expect(jobText(byPath.get(a)?.errorMessage ?? quotedMessage(''))).toMatch(
      /moved|renamed|deleted/,
    );
    const bJob = byPath.get(b);
    const cJob = byPath.get(c);
    expect(bJob?.state).toBe('done');
    expect(bJob?.aiReading).toBe(cJob?.aiReading);
    expect(bJob?.sha256).toBe(cJob?.sha256);
  });

  it('pre-flight warns when more photos wait than quota is left', async () => {
    h = await harness({
      photos: 6,
      duplicates: 0,
      sandbox: { keys: [{ key: 'md_small_quota_12345', user: { dailyQuota: 2 } }] },
    });
    const s = h.open();
    await s.actions.addPhotos([h.photos]);
    await s.engine.start();
    expect(s.engine.status().quotaWarning).toEqual({ waiting: 6, remaining: 2 });
  });

  it('pre-flight does not warn when copies make the queue larger than the photos it holds', async () => {
    h = await harness({
      photos: 3,
      duplicates: 3,
      subfolders: false,
      sandbox: { keys: [{ key: 'md_small_quota_12345', user: { dailyQuota: 3 } }] },
    });
    const s = h.open();
    await s.actions.addPhotos([h.photos]);
    const { queued } = s.engine.status().counts;
    expect(queued).toBeGreaterThan(3);
    await s.engine.start();
    expect(s.engine.status().quotaWarning).toBeNull();
  });

  it('AI offline: historical results come back cached_stale and are flagged for review', async () => {
    h = await harness({ photos: 5, duplicates: 0 });
    const first = h.open({ batchMode: 'never' });
    expect(await runToEnd(first, [h.photos])).toBe('complete');
    expect(first.engine.status().counts.photosToReview).toBe(0);
    // Read by the version the service named before and after (the sandbox starts at
    // water_v3_meter:v3.2); the read after is the one the run's end makes.
    await first.engine.stop();
    expect(jobs(first).map((j) => j.aiVersion)).toEqual(Array(5).fill('water_v3_meter:v3.2'));
    await first.close();
    h.sandbox.control.bumpAiVersion('v4.0');
    h.sandbox.control.setAiOnline(false);
    const { openSession } = await import('../../main/actions/session');
    const second = openSession({
      dbFile: join(h.dir, 'second.sqlite'),
      baseUrl: h.sandbox.url,
      apiKey: h.sandbox.apiKey,
      config: { batchMode: 'never' },
    });
    try {
      expect(await runToEnd(second, [h.photos])).toBe('complete');
      const all = jobs(second);
      expect(all.every((j) => j.resultSource === 'cached_stale' && j.toReview)).toBe(true);
      // Historical: read by an older version the service does not name, and not by today's v4.0.
      expect(all.every((j) => j.aiVersion === null)).toBe(true);
      expect(second.engine.status().counts.photosToReview).toBe(5);
      expect(second.engine.status().ai?.isOnline).toBe(false);
    } finally {
      await second.close();
    }
  });

  it('the foreign-meter service being disabled holds the run with a message, failing nothing', async () => {
    h = await harness({ photos: 4, duplicates: 0 });
    const s = h.open({ batchMode: 'always', business: 'water_v3_foreign' });
    expect(await runToEnd(s, [h.photos])).toBe('settings');
    expect(s.engine.status().holds.settings?.message).toBeTruthy();
    expect(s.engine.status().counts.failed).toBe(0);
  });

  it('remembers across restarts that the deployment refused batches, until it is time to try again', async () => {
    h = await harness({ photos: 4, duplicates: 0, sandbox: { service: 'CAD' } });
    const s = h.open({ batchMode: 'auto' });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    await s.close();
    const again = h.open({ batchMode: 'auto' });
    expect(again.engine.status().deployment.batchesUnavailable).toMatch(/not supported/);
    await again.close();
    // Past the re-check time, the next run tries a batch again instead of giving batches up for good.
    const later = h.open({ batchMode: 'auto', batchRecheckMs: 0 });
    expect(later.engine.status().deployment.batchesUnavailable).toBeNull();
  });
});
