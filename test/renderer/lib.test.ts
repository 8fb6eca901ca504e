import { describe, expect, it } from 'vitest';
import { quotaWarningWords } from '../../renderer/components/quota-widget';
import type { EngineStatus, QuotaInfo } from '../../common/engine-status';
import type { KeyStatus, ServiceView } from '../../common/ipc';
import { bannersFor } from '../../renderer/lib/banners';
import {
  baseName,
  dirName,
  formatDay,
  formatDuration,
  formatRate,
} from '../../renderer/lib/format';
import { typedReading } from '../../renderer/lib/reading';
import {
  indexOfId,
  NO_PAGES,
  PAGE_SIZE,
  pagesCovering,
  patchPages,
  putPage,
  rowAt,
} from '../../renderer/lib/row-pages';
import { billedReading } from '../../common/billing/billed-reading';
import { errorText, lookOf, sourceWords } from '../../renderer/lib/states';
import { keyRefused, quotaResetAt, waitText } from '../../renderer/lib/holds';
import { addSample, etaMs, ratePerMinute, WINDOW_MS } from '../../common/throughput';
import { doneJob, job, quotaInfo, statusOf } from './stub-bridge';
import { quotedMessage } from '../../common/job-messages';
import { emptyCounts } from '../../common/job-record';

const service: ServiceView = {
  kind: 'remote',
  baseUrl: 'https://m.example',
  sampleFolder: null,
  problem: null,
};
const key: KeyStatus = {
  isSet: true,
  hint: '1234',
  backend: {
    kind: 'keychain',
    place: { code: 'keyPlaceKeychain', params: { platform: 'linux' } },
    warning: null,
  },
};

/** A daily quota of 5, used up, read a minute into 2025. */
function quotaOf(patch: Partial<QuotaInfo>): QuotaInfo {
  return quotaInfo({
    remaining: 0,
    dailyLimit: 5,
    used: 5,
    dayTag: null,
    checkedAt: '2025-01-01T00:01:00Z',
    ...patch,
  });
}

/** Only the quota holds the run: refused since New Year's Day, none left. */
const QUOTA_HELD = {
  offline: null,
  auth: null,
  settings: null,
  service: null,
  quota: { since: '2025-01-01T00:00:00Z', remaining: 0, nextCheckAt: 0 },
};

describe('banners', () => {
  it('shows none while everything runs', () => {
    expect(bannersFor({ status: statusOf([]), service, key, ai: null })).toEqual([]);
  });

  it('says what happened and what to do for every paused state', () => {
    const status = statusOf([job(1), job(2)], {
      paused: true,
      holds: {
        offline: {
          since: '2025-01-01T00:00:00Z',
          code: 'ECONNREFUSED',
          nextProbeAt: 5000,
        },
        quota: {
          since: '2025-01-01T00:00:00Z',
          remaining: 0,
          nextCheckAt: 9000,
        },
        auth: {
          kind: 'permission_denied',
          message: 'This IP address is not allowed.',
          permission: 'create_task',
        },
        settings: { message: 'water_v3_foreign is disabled.' },
        service: null,
      },
    });
    const ai = {
      isOnline: false,
      busy: false,
      queueCount: 3,
      publicStatus: 'offline',
      currentAiVersion: 'v:1',
      acceptsNewTasks: true,
      checkedAt: '2025-01-01T00:00:00Z',
    };
    const banners = bannersFor({
      status,
      service: { ...service, problem: { code: 'keyMissing', params: { service: 'x' } } },
      key,
      ai,
    });
    const byId = new Map(banners.map((b) => [b.id, b]));
    expect([...byId.keys()]).toEqual([
      'not_configured',
      'permission_denied',
      'settings',
      'offline',
      'quota',
      'ai_offline',
      'paused',
    ]);
    expect(byId.get('offline')?.nextCheckAt).toBe(5000);
    expect(byId.get('offline')?.actions).toEqual(['retry']);
    expect(byId.get('offline')?.body).toContain('2 photos stay queued');
    expect(byId.get('quota')?.body).toContain('0 readings left today.');
    expect(byId.get('quota')?.body).toContain('ask whoever manages the account for more quota');
    // Asking again cannot make quota: no "Retry now" on it.
    expect(byId.get('quota')?.actions).toEqual([]);
    expect(byId.get('permission_denied')?.body).toContain('IP address');
    expect(byId.get('ai_offline')?.body).toContain('flagged for review');
    expect(byId.get('ai_offline')?.body).toContain('3 tasks waiting');
    expect(byId.get('paused')?.actions).toEqual(['resume']);
  });

  it('sends a rejected key to settings', () => {
    const status = statusOf([], {
      holds: {
        offline: null,
        quota: null,
        settings: null,
        service: null,
        auth: { kind: 'key_rejected', message: 'Invalid key.', permission: null },
      },
    });
    const [banner] = bannersFor({ status, service, key, ai: null });
    expect(banner?.id).toBe('key_rejected');
    expect(banner?.actions).toEqual(['settings']);
  });

  it('uses the freshest quota count', () => {
    const status = statusOf([], {
      holds: QUOTA_HELD,
    });
    const quota = quotaOf({ dayTag: 'd' });
    expect(bannersFor({ status, service, key, ai: null, quota })[0]?.body).toContain(
      '0 of 5 readings left today.',
    );
    // A reading older than the refusal does not contradict it: one count, the service's last.
    const stale = { ...quota, remaining: 3, checkedAt: '2024-12-31T23:00:00Z' };
    expect(bannersFor({ status, service, key, ai: null, quota: stale })[0]?.body).toContain(
      '0 of 5 readings left today.',
    );
  });

  it('says when the quota resets, in local time and how long from now', () => {
    const reset = Date.UTC(2025, 0, 2);
    const now = reset - (5 * 60 + 12) * 60_000;
    const status = statusOf([job(1)], {
      holds: QUOTA_HELD,
    });
    const quota = quotaOf({ dayTag: '2025-01-01' });
    expect(quotaResetAt('2025-01-01', now)).toBe(reset);
    const local = new Date(reset).toLocaleTimeString(undefined, {
      hour: '2-digit',
      minute: '2-digit',
    });
    const said = `Quota resets at ${local} (in 5 h 12 min).`;
    expect(bannersFor({ status, service, key, ai: null, quota, now })[0]?.body).toContain(said);
    expect(waitText({ status, quota, ai: null }, now)).toBe(said);
  });

  it('says what the run waits for instead of an ETA', () => {
    const held = (holds: Partial<EngineStatus['holds']>): EngineStatus =>
      statusOf([job(1)], {
        holds: { offline: null, quota: null, auth: null, settings: null, service: null, ...holds },
      });
    const ai = {
      isOnline: false,
      busy: false,
      queueCount: null,
      publicStatus: 'offline',
      currentAiVersion: null,
      acceptsNewTasks: true,
      checkedAt: '2025-01-01T00:00:00Z',
    };
    expect(waitText({ status: held({}), quota: null, ai: null }, 0)).toBeNull();
    expect(waitText({ status: held({}), quota: null, ai }, 0)).toBe('Waiting for the AI service.');
    const offline = { since: 'x', reason: 'refused', code: null, nextProbeAt: 0 };
    expect(waitText({ status: held({ offline }), quota: null, ai: null }, 0)).toBe(
      'Waiting for the service to answer.',
    );
    const auth = { kind: 'key_rejected' as const, message: 'no', permission: null };
    const refused = held({ auth });
    expect(waitText({ status: refused, quota: null, ai }, 0)).toBe(
      'Waiting for a valid API key (Settings).',
    );
    expect(keyRefused(refused)).toBe(true);
  });

  it("shows a photo waiting at the service as waiting, with the service's reason", () => {
    const waiting = job(1, {
      state: 'submitted',
      errorMessage: quotedMessage('AI offline'),
      remoteStatus: 'waiting_ai',
    });
    expect(lookOf(waiting).label).toBe('Waiting');
    expect(lookOf(waiting).help).toContain('AI offline (waiting_ai)');
    expect(lookOf(job(2, { state: 'submitted' })).label).toBe('Reading');
    expect(lookOf(job(2, { state: 'submitted' }), true).label).toBe('Waiting');
  });
});

describe('throughput', () => {
  it('needs a few seconds and photos before it claims a rate', () => {
    let s = addSample([], { at: 0, finished: 0 });
    s = addSample(s, { at: 1000, finished: 10 });
    expect(ratePerMinute(s)).toBeNull();
    // The first answers of a run come fast (photos read before): too early for an ETA.
    s = addSample(s, { at: 10_000, finished: 50 });
    expect(ratePerMinute(s)).toBeNull();
    s = addSample(s, { at: 16_000, finished: 100 });
    expect(ratePerMinute(s)).toBe(360);
    const counts = { ...emptyCounts(), queued: 500, submitted: 100, total: 700, done: 100 };
    expect(etaMs(counts, 300)).toBe(120_000);
    expect(etaMs({ ...counts, queued: 0, submitted: 0 }, 300)).toBeNull();
  });

  it('measures from the first reading: the wait for it is not the pace', () => {
    // The service takes 20 s for the first answer, then reads two photos a second.
    let s = addSample([], { at: 0, finished: 0 });
    s = addSample(s, { at: 10_000, finished: 0 });
    s = addSample(s, { at: 20_000, finished: 2 });
    s = addSample(s, { at: 35_000, finished: 32 });
    expect(ratePerMinute(s)).toBe(120);
    // Fewer than a few readings after the first: no rate yet, however long it took.
    expect(
      ratePerMinute([
        { at: 0, finished: 0 },
        { at: 5_000, finished: 1 },
        { at: 60_000, finished: 6 },
      ]),
    ).toBeNull();
  });

  it('claims no ETA once every photo left is at the service (read side by side)', () => {
    const tail = { ...emptyCounts(), submitted: 13, done: 187, total: 200 };
    expect(etaMs(tail, 30)).toBeNull();
    expect(etaMs({ ...tail, queued: 1, total: 201 }, 30)).toBe(28_000);
  });

  it('keeps a sliding window with one baseline and starts over when the count drops', () => {
    let s = addSample([], { at: 0, finished: 0 });
    for (let t = 1; t <= 30; t++) s = addSample(s, { at: t * 10_000, finished: t * 10 });
    expect(s[0]?.at).toBeGreaterThanOrEqual(300_000 - WINDOW_MS - 10_000);
    expect(ratePerMinute(s)).toBeCloseTo(60);
    expect(addSample(s, { at: 310_000, finished: 5 })).toHaveLength(1);
  });
});

describe('row pages', () => {
  const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => job(from + i));

  it('finds rows by index and id across sparse pages', () => {
    let pages = putPage(NO_PAGES, 0, rows(1, PAGE_SIZE), 0);
    pages = putPage(pages, 3, rows(1000, PAGE_SIZE), 0);
    expect(rowAt(pages, 5)?.id).toBe(6);
    expect(rowAt(pages, PAGE_SIZE * 3 + 1)?.id).toBe(1001);
    expect(rowAt(pages, PAGE_SIZE)).toBeUndefined();
    expect(indexOfId(pages, 1001)).toBe(PAGE_SIZE * 3 + 1);
    expect(indexOfId(pages, 99_999)).toBe(-1);
  });

  it('drops the pages farthest from the view', () => {
    let pages = NO_PAGES;
    for (let p = 0; p < 20; p++) pages = putPage(pages, p, rows(p * PAGE_SIZE, 1), 19);
    expect(pages.size).toBe(12);
    expect(pages.has(19)).toBe(true);
    expect(pages.has(0)).toBe(false);
  });

  it('patches changed rows in place and leaves unchanged pages alone', () => {
    const a = putPage(putPage(NO_PAGES, 0, rows(1, 3), 0), 1, rows(10, 3), 0);
    const changed = doneJob(2, '123');
    const b = patchPages(a, [changed, job(999)]);
    expect(rowAt(b, 1)).toBe(changed);
    expect(b.get(1)).toBe(a.get(1));
    expect(patchPages(a, [job(999)])).toBe(a);
  });

  it('keeps the objects of rows a re-read page brings back unchanged', () => {
    const held = putPage(NO_PAGES, 0, rows(1, 3), 0);
    const changed = doneJob(2, '123');
    const reread = putPage(held, 0, [{ ...job(1) }, changed, structuredClone(job(3))], 0);
    expect(rowAt(reread, 0)).toBe(rowAt(held, 0));
    expect(rowAt(reread, 1)).toBe(changed);
    expect(rowAt(reread, 2)).toBe(rowAt(held, 2));
    const summary = { primaryLabel: 'Reading', primaryValue: '1' };
    const withSummary = putPage(NO_PAGES, 0, [{ ...job(1), resultSummary: summary }], 0);
    const same = putPage(withSummary, 0, [{ ...job(1), resultSummary: { ...summary } }], 0);
    expect(rowAt(same, 0)).toBe(rowAt(withSummary, 0));
    const other = { ...job(1), resultSummary: { ...summary, primaryValue: '2' } };
    expect(rowAt(putPage(withSummary, 0, [other], 0), 0)).toBe(other);
  });

  it('covers the pages of a row range, clamped to the list', () => {
    expect(pagesCovering(-50, 250, 1000)).toEqual([0, 1]);
    expect(pagesCovering(900, 5000, 1000)).toEqual([4]);
    expect(pagesCovering(0, 10, 0)).toEqual([]);
  });
});

describe('wording', () => {
  it('reads a typed reading with either decimal mark and says why one is refused', () => {
    expect(typedReading('12345.678')).toEqual({ ok: true, reading: '12345.678' });
    expect(typedReading(' 42 ')).toEqual({ ok: true, reading: '42' });
    expect(typedReading('12,5')).toEqual({ ok: true, reading: '12.5' });
    const problem = (text: string): string => {
      const typed = typedReading(text);
      return typed.ok ? '' : typed.problem;
    };
    expect(problem('')).toContain('Type the reading');
    expect(problem('1,234.5')).toContain('thousands separators');
    expect(problem('12345678')).toContain('At most 7 digits');
    expect(problem('1.2345')).toContain('At most 3 decimals');
  });

  it('shows the correction as the reading billing gets, and reasons in words', () => {
    expect(
      billedReading(doneJob(1, '100', { reviewAction: 'corrected', reviewedReading: '101' })),
    ).toBe('101');
    expect(billedReading(doneJob(1, '100', { reviewAction: 'accepted' }))).toBe('100');
    expect(errorText(job(1, { state: 'rejected', failureKind: 'empty_file' }))).toBe('Empty file');
    expect(
      errorText(
        job(1, {
          state: 'failed',
          failureKind: 'ai_failed',
          errorMessage: quotedMessage('blurry'),
        }),
      ),
    ).toBe('The AI could not read it: blurry');
    expect(sourceWords('cached_stale')).toBe('Historical (older AI)');
    expect(sourceWords('cached_stale', true)).toBe('Historical');
    expect(sourceWords('something_new')).toBe('something_new');
  });

  it('formats durations, rates and paths', () => {
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(180_000)).toBe('3 min');
    expect(formatDuration(80 * 60_000)).toBe('1 h 20 min');
    expect(formatRate(4.44)).toBe((4.4).toLocaleString());
    expect(baseName('C:\\Photos\\Route 12')).toBe('Route 12');
    expect(baseName('/srv/photos/')).toBe('photos');
    expect(dirName('Building A/Floor 2/x.jpg')).toBe('Building A/Floor 2');
    expect(dirName('x.jpg')).toBe('');
  });
});

describe('quota warning', () => {
  it('says how many photos wait and how many readings are left', () => {
    expect(quotaWarningWords({ remaining: 3, waiting: 10 })).toBe(
      '10 photos wait, 3 readings left: the rest wait for new quota.',
    );
    expect(quotaWarningWords({ remaining: 0, waiting: 1 })).toBe(
      'None left today: 1 photo waits for new quota.',
    );
  });
});

describe('the service quota day', () => {
  it('is a short tag in the window language, the same day in every time zone', () => {
    expect(formatDay('2026-11-24', 'en')).toBe('24 Nov');
    expect(formatDay('2026-11-24', 'de')).toBe('24. Nov.');
    expect(formatDay('not a day', 'en')).toBe('not a day');
  });
});
