// Bad answers from the service (or a proxy in between), at the ENGINE level: the real engine runs a
// folder against the sandbox through a proxy that mangles some answers. Each case must end in a
// completed run (or a correct hold) with every reading right and every image paid once: a
// classified error or a tolerated oddity, never a crash and never a wrong reading stored. The
// client-level classification of each answer is tested in test/api; this is what the scheduler
// makes of it.
import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../../main/engine/config';
import {
  json,
  type Exchange,
  type ProxyRules,
  type Reply,
  type Upstream,
} from './helpers/mangling-proxy';
import {
  expectAllReadCorrectly,
  expectNoInternalErrors,
  expectPaidOnce,
  useProxiedRuns,
} from './helpers/proxied-run';

const startRun = useProxiedRuns();

type Kind = 'quota' | 'ai' | 'create_task' | 'create_batch' | 'task' | 'list' | 'batch' | 'other';

function kindOf(ex: Exchange): Kind {
  const { method, path } = ex;
  if (path === '/api/open/quota') return 'quota';
  if (path === '/api/open/ai-status') return 'ai';
  if (path === '/api/open/tasks') return method === 'POST' ? 'create_task' : 'list';
  if (path === '/api/open/batches') return 'create_batch';
  if (path.startsWith('/api/open/tasks/')) return 'task';
  if (path.startsWith('/api/open/batches/')) return 'batch';
  return 'other';
}

const READS: readonly Kind[] = ['quota', 'ai', 'task', 'list', 'batch'];
const CREATES: readonly Kind[] = ['create_task', 'create_batch'];

/** Mangles the first `n` exchanges of each kind; counts what it mangled. */
function firstOfEach(
  n: number,
  mangle: {
    read?: (ex: Exchange, up: Upstream, kind: Kind) => Reply | undefined;
    create?: (ex: Exchange, kind: Kind) => Reply | undefined;
  },
): { rules: ProxyRules; hits: () => number } {
  const used = new Map<Kind, number>();
  let hits = 0;
  const take = (kind: Kind): boolean => {
    const k = used.get(kind) ?? 0;
    if (k >= n) return false;
    used.set(kind, k + 1);
    return true;
  };
  return {
    hits: () => hits,
    rules: {
      before: (ex) => {
        const kind = kindOf(ex);
        if (!CREATES.includes(kind) || !mangle.create || !take(kind)) return undefined;
        const reply = mangle.create(ex, kind);
        if (reply) hits++;
        return reply;
      },
      after: (ex, up) => {
        const kind = kindOf(ex);
        if (!READS.includes(kind) || !mangle.read || up.status !== 200 || !take(kind))
          return undefined;
        const reply = mangle.read(ex, up, kind);
        if (reply) hits++;
        return reply;
      },
    },
  };
}

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (typeof v === 'object' && v !== null ? (v as Body) : {});
const raw = (status: number, body: string | Buffer, type = 'application/json'): Reply => ({
  status,
  headers: { 'content-type': type },
  body,
});
/** The service's answer with some fields changed (or removed with undefined). */
function patched(up: Upstream, patch: (b: Body) => Body): Reply {
  return json(up.status, patch({ ...obj(up.json) }));
}
const items = (b: Body): Body[] => (Array.isArray(b.items) ? b.items.map(obj) : []);

interface Case {
  readonly name: string;
  readonly make: () => { rules: ProxyRules; hits: () => number };
  readonly config?: Partial<EngineConfig>;
  /** The bad answer holds the run for quota; the engine must resume by itself. */
  readonly quotaHold?: boolean;
}

const CASES: Case[] = [
  {
    name: 'malformed JSON (cut-off bodies)',
    make: () =>
      firstOfEach(2, {
        read: (_ex, up) => raw(200, up.body.subarray(0, Math.floor(up.body.length / 2))),
        create: () => raw(200, '{"ok":true,"task_id":"task_'),
      }),
  },
  {
    name: 'valid JSON with required fields missing',
    make: () =>
      firstOfEach(2, {
        read: (_ex, up, kind) =>
          patched(up, (b) => {
            if (kind === 'task') return { ...b, final_reading: undefined };
            if (kind === 'batch') return { ...b, items: undefined };
            if (kind === 'list')
              return { ...b, items: items(b).map((i) => ({ ...i, status: undefined })) };
            if (kind === 'quota') return { ...b, quota: { ...obj(b.quota), remaining: undefined } };
            return { ...b, is_online: undefined };
          }),
        create: () => json(200, { ok: true }),
      }),
  },
  {
    name: 'valid JSON with wrongly typed fields',
    make: () =>
      firstOfEach(2, {
        read: (_ex, up, kind) =>
          patched(up, (b) => {
            // A reading as a number would lose leading zeros: never to be taken as a reading.
            if (kind === 'task')
              return { ...b, final_reading: Number(b.final_reading) || 12.5, status: 5 };
            if (kind === 'batch') return { ...b, items: { 0: items(b)[0] } };
            if (kind === 'list') return { ...b, items: 'none' };
            if (kind === 'quota') return { ...b, quota: { ...obj(b.quota), remaining: 'lots' } };
            return { ...b, is_online: 'yes' };
          }),
        create: () =>
          json(200, { ok: true, task_id: 42, status: [], result_source: {}, final_reading: 7 }),
      }),
  },
  {
    name: 'unknown enum values (statuses and sources the spec does not list)',
    make: () =>
      firstOfEach(3, {
        read: (_ex, up, kind) =>
          patched(up, (b) => {
            if (kind === 'task')
              return { ...b, status: 'archived_somehow', visibility: 'galactic' };
            if (kind === 'batch')
              return {
                ...b,
                status: 'batch_paused',
                items: items(b).map((i) => ({
                  ...i,
                  status: 'frozen',
                  failure_kind: 'cosmic_ray',
                })),
              };
            if (kind === 'list')
              return {
                ...b,
                items: items(b).map((i) => ({ ...i, status: 'on_hold', success: 'maybe' })),
              };
            if (kind === 'ai') return { ...b, public_status: 'sleeping', queue_state: 'molten' };
            return { ...b, quota: { ...obj(b.quota), account_type: 'platinum' } };
          }),
      }),
  },
  {
    name: 'huge bodies (6 MB) on every kind of answer',
    make: () =>
      firstOfEach(1, {
        read: () => raw(200, `{"ok":true,"pad":"${'x'.repeat(6 * 1024 * 1024)}"}`),
        create: () => raw(200, Buffer.alloc(6 * 1024 * 1024, 0x20)),
      }),
  },
  {
    name: 'a 200 with ok:false',
    make: () =>
      firstOfEach(2, {
        read: () => json(200, { ok: false, error: 'internal', message: 'backend hiccup' }),
        create: () => json(200, { ok: false, error: 'internal', message: 'backend hiccup' }),
      }),
  },
  {
    name: 'an HTML page with 200 (a captive portal or proxy)',
    make: () =>
      firstOfEach(2, {
        read: () => raw(200, '<!doctype html><title>Sign in to Wi-Fi</title>', 'text/html'),
        create: () => raw(200, '<html><body>Sign in</body></html>', 'text/html'),
      }),
  },
  {
    name: 'garbage numbers in every limit header',
    make: () => {
      let hits = 0;
      const garbage: Record<string, string> = {
        'x-ratelimit-limit': 'ninety',
        'x-ratelimit-remaining': 'NaN',
        'x-ratelimit-reset': 'soon',
        'x-submissionlimit-limit': '1e400',
        'x-submissionlimit-remaining': '5 apples',
        'x-concurrencylimit-limit': '-3',
        'x-concurrencylimit-active': '0x10',
        'x-concurrencylimit-remaining': '',
        'retry-after': 'whenever',
        date: 'not a date',
      };
      return {
        hits: () => hits,
        rules: {
          after: (_ex, up) => {
            hits++;
            return { status: up.status, headers: { ...up.headers, ...garbage }, body: up.body };
          },
        },
      };
    },
  },
  {
    name: 'Retry-After as an HTTP date on 429s',
    make: () => {
      let hits = 0;
      return {
        hits: () => hits,
        rules: {
          before: (ex) => {
            if (!CREATES.includes(kindOf(ex)) || hits >= 2) return undefined;
            hits++;
            const now = Date.now();
            return json(
              429,
              { ok: false, error: 'rate_limited', message: 'slow down' },
              {
                date: new Date(now).toUTCString(),
                'retry-after': new Date(now + 1_500).toUTCString(),
              },
            );
          },
        },
      };
    },
  },
  {
    name: 'a 200 with ok:false saying quota_exhausted: held, then resumed',
    quotaHold: true,
    make: () =>
      firstOfEach(1, {
        create: () =>
          json(200, {
            ok: false,
            error: 'quota_exhausted',
            message: 'no quota',
            quota: { remaining: 0, quota_summary_text: 'none left' },
          }),
      }),
  },
];

describe('bad server answers at the engine level', { timeout: 90_000 }, () => {
  it.each(CASES)('$name: the run completes with every reading right, paid once', async (c) => {
    const { rules, hits } = c.make();
    const run = await startRun({
      rules,
      waitOutQuota: c.quotaHold === true,
      ...(c.config ? { config: c.config } : {}),
    });
    expect(hits(), 'the bad answer was really given').toBeGreaterThan(0);
    expect(run.outcome).toBe('complete');
    expectAllReadCorrectly(run);
    expectPaidOnce(run);
    expectNoInternalErrors(run);
  });

  it('an unknown but final-looking source is stored as the service said, with its reading', async () => {
    const { rules, hits } = firstOfEach(100, {
      read: (_ex, up, kind) =>
        patched(up, (b) => {
          if (kind === 'task' && b.status === 'done')
            return { ...b, result_source: 'cached_from_the_future' };
          if (kind === 'list')
            return {
              ...b,
              items: items(b).map((i) =>
                i.status === 'done' ? { ...i, result_source: 'cached_from_the_future' } : i,
              ),
            };
          return b;
        }),
    });
    const run = await startRun({ rules, config: { batchMode: 'never' } });
    expect(hits()).toBeGreaterThan(0);
    expectAllReadCorrectly(run);
    expect(run.jobs.some((j) => j.resultSource === 'cached_from_the_future')).toBe(true);
  });

  it.each([
    ['a path step', '..'],
    ['a dot', '.'],
    ['an id too long to be a path segment', `task_${'x'.repeat(300)}`],
  ])(
    'an id the client cannot ask about (%s) is an invalid answer, not a task polled forever',
    async (_what, badId) => {
      let given = 0;
      const rewrite = (v: unknown): unknown => {
        if (Array.isArray(v)) return v.map(rewrite);
        const o = obj(v);
        if (typeof o.task_id === 'string') o.task_id = badId;
        if (typeof o.batch_id === 'string') o.batch_id = badId;
        if (Array.isArray(o.items)) o.items = o.items.map(rewrite);
        return o;
      };
      const rules: ProxyRules = {
        after: (ex, up) => {
          if (!CREATES.includes(kindOf(ex)) || up.status !== 200 || given >= 3) return undefined;
          given++;
          return json(200, rewrite(up.json));
        },
      };
      // Batches and single tasks alike; the service did create the tasks, so resending the photos
      // must come back from its cache, free.
      const run = await startRun({ rules, config: { retryBaseMs: 400 } });
      expect(given).toBeGreaterThan(0);
      expect(run.outcome).toBe('complete');
      expectAllReadCorrectly(run);
      expectPaidOnce(run);
      expectNoInternalErrors(run);
    },
  );

  it("another task's answer to a task read (a confused cache) is never stored for this task", async () => {
    // Per-task polling only, so every result comes through GET /api/open/tasks/{id}.
    const doneBodies: Body[] = [];
    let swapped = 0;
    const rules: ProxyRules = {
      after: (ex, up) => {
        if (kindOf(ex) !== 'task' || up.status !== 200) return undefined;
        const body = obj(up.json);
        const other = doneBodies.find((d) => d.task_id !== body.task_id);
        if (body.status === 'done') doneBodies.push(body);
        if (!other || swapped >= 6) return undefined;
        swapped++;
        return json(200, other);
      },
    };
    const run = await startRun({ rules, config: { batchMode: 'never', listPolling: false } });
    expect(swapped).toBeGreaterThan(0);
    expect(run.outcome).toBe('complete');
    expectAllReadCorrectly(run);
    expectNoInternalErrors(run);
  });
});
