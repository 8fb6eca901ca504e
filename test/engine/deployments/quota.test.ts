// Quota is used to the last reading: what is in flight is counted against what is left, a batch
// is cut to what remains, and the figure in a quota_exhausted answer is used. With N readings
// left, exactly N photos are read fresh before the run stops, whatever `remaining` counts. A
// paid account whose quota.remaining is the daily figure (0: no daily limit) while its packages
// hold its readings (spec 2.3, 8.4.3) reads what the packages hold, and only the service's 429
// quota_exhausted stops a run, never a low figure alone (issue 21, item 4).
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../../../sandbox';
import { harness, runToEnd, type Harness } from '../../helpers/engine-harness';

const PAID = { accountType: 'paid', dailyQuota: 0 } as const;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const freshReadings = (hh: Harness): number =>
  Object.values(hh.sandbox.ledger.quotaCharges()).reduce((a, b) => a + b, 0);

describe('the last readings of the day', () => {
  it.each([
    ['remaining net of tasks in flight', 'default', 'auto'],
    ['remaining net of tasks in flight, batches always', 'default', 'always'],
    ['remaining that ignores tasks in flight', 'gross-remaining', 'auto'],
    ['a paid account spending its packages', 'paid-packages', 'auto'],
  ] as const)('%s: exactly what is left is read', async (_what, profile, batchMode) => {
    const left = profile === 'paid-packages' ? 55 : 15;
    h = await harness({
      photos: left + 25,
      duplicates: 0,
      sandbox: {
        profile,
        ...(profile !== 'paid-packages' && {
          keys: [{ key: 'md_quota_key_0000000015', user: { dailyQuota: 15 } }],
        }),
      },
    });
    const s = h.open({ batchMode });
    expect(await runToEnd(s, [h.photos])).toBe('quota_exhausted');
    const st = s.engine.status();
    expect(freshReadings(h)).toBe(left);
    expect(st.counts.done).toBe(left);
    expect(st.counts.queued).toBe(25);
    expect(st.counts.failed).toBe(0);
    expect(st.holds.quota).not.toBeNull();
  });

  it('a batch refused for quota is cut to the figure the answer gives', async () => {
    h = await harness({
      photos: 30,
      duplicates: 0,
      // Without the right to read the quota, the refusal's body is all the engine learns.
      sandbox: {
        profile: 'no-info-scopes',
        keys: [{ key: 'md_quota_key_0000000011', user: { dailyQuota: 11 } }],
      },
    });
    // One upload on its way at a time: with several, each one the service receives after the
    // quota ran out is refused too, and how many those are depends on how fast the machine
    // scanned (three on a loaded one), not on what the engine made of the refusal's figure.
    const s = h.open({ batchMode: 'always', maxParallelUploads: 1 });
    expect(await runToEnd(s, [h.photos])).toBe('quota_exhausted');
    expect(freshReadings(h)).toBe(11);
    expect(h.sandbox.ledger.counts().rejected429.quota).toBeLessThanOrEqual(2);
  });
});

describe('a paid account whose remaining is the daily figure', () => {
  it('reads every photo its packages cover, and shows their sum as what is left', async () => {
    h = await harness({
      photos: 30,
      duplicates: 0,
      sandbox: { profile: 'paid-daily-remaining' },
    });
    const s = h.open();
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    const st = s.engine.status();
    expect(st.counts.done).toBe(30);
    expect(st.holds.quota).toBeNull();
    expect(freshReadings(h)).toBe(30);
    expect(h.sandbox.ledger.counts().rejected429.quota).toBe(0);
    // 69 in the packages before; the last figure read counts at most what is truly left.
    expect(st.quota?.remaining).toBeGreaterThanOrEqual(39);
    expect(st.quota?.remaining).toBeLessThanOrEqual(69);
  });

  it('stops for quota only when the service refuses with quota_exhausted', async () => {
    h = await harness({
      photos: 14,
      duplicates: 0,
      sandbox: {
        profile: 'paid-daily-remaining',
        keys: [{ key: DEFAULT_API_KEY, user: { ...PAID, monthlyRemaining: 6, fixedRemaining: 4 } }],
      },
    });
    const s = h.open({ batchMode: 'always' });
    const codes: string[] = [];
    s.engine.on('log', (_line: string, message?: { code: string }) => {
      if (message) codes.push(message.code);
    });
    expect(await runToEnd(s, [h.photos])).toBe('quota_exhausted');
    const st = s.engine.status();
    expect(freshReadings(h)).toBe(10);
    expect(st.counts.done).toBe(10);
    expect(st.counts.queued).toBe(4);
    expect(st.counts.failed).toBe(0);
    expect(h.sandbox.ledger.counts().rejected429.quota).toBeGreaterThanOrEqual(1);
    // The figures said none before the service did, and the run said what it did then.
    expect(codes).toContain('quotaAsking');
    expect(codes.indexOf('quotaAsking')).toBeLessThan(codes.indexOf('quotaExhausted'));
  });
});
