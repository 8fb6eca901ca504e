// Batch tasks are followed through the task list, like single tasks: one list request covers about
// a dozen batches and carries the meter type and freshness a batch read lacks. A service whose
// list leaves batch tasks out is still followed to the end, through each batch's own endpoint.
import { describe, expect, it } from 'vitest';
import {
  expectAllReadCorrectly,
  expectNoInternalErrors,
  expectPaidOnce,
  useProxiedRuns,
  type ProxiedRun,
} from '../bad-input/helpers/proxied-run';
import { json, type Exchange, type ProxyRules } from '../bad-input/helpers/mangling-proxy';
import { LISTS_IN_FLIGHT } from '../../main/engine/dispatcher';

const startRun = useProxiedRuns();

type PollKind = 'list' | 'batch' | 'task';

function pollKind(ex: Exchange): PollKind | null {
  if (ex.method !== 'GET') return null;
  if (ex.path === '/api/open/tasks') return 'list';
  if (ex.path.startsWith('/api/open/batches/')) return 'batch';
  if (ex.path.startsWith('/api/open/tasks/')) return 'task';
  return null;
}

function countPolls(r: ProxiedRun): Record<PollKind, number> {
  const n: Record<PollKind, number> = { list: 0, batch: 0, task: 0 };
  for (const ex of r.proxy.seen) {
    const kind = pollKind(ex);
    if (kind) n[kind]++;
  }
  return n;
}

const ALWAYS = { batchMode: 'always', maxConcurrency: 64 } as const;
const ROOMY = { keys: [{ key: 'mk_live_batch_polling_00000000000000001', concurrency: 64 }] };

describe('polling batch tasks', () => {
  it('follows batches through the task list: fewer requests, meter types filled in', async () => {
    const run = await startRun({ rules: {}, photos: 40, config: ALWAYS, sandbox: ROOMY });
    expect(run.outcome).toBe('complete');
    expectAllReadCorrectly(run);
    expectPaidOnce(run);
    expectNoInternalErrors(run);
    const batches = run.h.sandbox.ledger.batches().length;
    expect(batches).toBeGreaterThanOrEqual(5);
    const polls = countPolls(run);
    expect(polls.list).toBeGreaterThan(0);
    // Asking each batch and then the list for its details cost 2.6 requests a batch (bench F3).
    expect(polls.batch).toBe(0);
    expect(polls.list + polls.batch + polls.task).toBeLessThan(batches * 2);
    expect(run.jobs.every((j) => j.state !== 'done' || j.meterType)).toBe(true);
  }, 60_000);

  it('falls back to the batch endpoint when the list leaves batch tasks out', async () => {
    const inBatch = new Set<string>();
    const rules: ProxyRules = {
      after: (ex, up) => {
        if (ex.method === 'POST' && ex.path === '/api/open/batches' && up.status === 200) {
          const body = up.json as { items?: { task_id?: string }[] };
          for (const item of body.items ?? []) if (item.task_id) inBatch.add(item.task_id);
        }
        if (pollKind(ex) !== 'list' || up.status !== 200) return undefined;
        const body = up.json as { items?: { task_id?: string }[] };
        const items = (body.items ?? []).filter((i) => !inBatch.has(i.task_id ?? ''));
        return json(200, { ...body, items });
      },
    };
    const run = await startRun({ rules, photos: 24, config: ALWAYS, sandbox: ROOMY });
    expect(run.outcome).toBe('complete');
    expectAllReadCorrectly(run);
    expectPaidOnce(run);
    expectNoInternalErrors(run);
    expect(inBatch.size).toBeGreaterThan(0);
    expect(countPolls(run).batch).toBeGreaterThan(0);
  }, 60_000);
});

describe('polling a far service', () => {
  it('sends the next list while the last one is still on its way, never more than LISTS_IN_FLIGHT at once', async () => {
    // Every answer comes 400 ms late, more than the poll spacing the key's budget allows: one list
    // at a time would space the looks by the answer's delay instead.
    let listsOnTheirWay = 0;
    let mostAtOnce = 0;
    const rules: ProxyRules = {
      before: (ex) => {
        if (pollKind(ex) === 'list') mostAtOnce = Math.max(mostAtOnce, ++listsOnTheirWay);
        return undefined;
      },
      after: (ex) => {
        if (pollKind(ex) === 'list') listsOnTheirWay--;
        return undefined;
      },
    };
    const run = await startRun({
      rules,
      photos: 24,
      config: ALWAYS,
      sandbox: { ...ROOMY, faults: { slowRate: 1, slowMs: 400 } },
    });
    expect(run.outcome).toBe('complete');
    expectAllReadCorrectly(run);
    expectPaidOnce(run);
    expectNoInternalErrors(run);
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(LISTS_IN_FLIGHT);
  }, 60_000);
});

describe('the start of a run on a far service', () => {
  /** What the proxy saw, in order: a request arriving, or its answer going back. */
  function timeline(): { events: string[]; rules: ProxyRules } {
    const events: string[] = [];
    const name = (ex: Exchange): string =>
      `${ex.method} ${ex.path.replace(/\/[^/]*\d[^/]*$/, '/:id')}`;
    return {
      events,
      rules: {
        before: (ex) => {
          events.push(`in ${name(ex)}`);
          return undefined;
        },
        after: (ex) => {
          events.push(`out ${name(ex)}`);
          return undefined;
        },
      },
    };
  }

  it('sends the first photo beside the first reads, as a batch of one, before any answer', async () => {
    const { events, rules } = timeline();
    const run = await startRun({
      rules,
      photos: 6,
      sandbox: { faults: { slowRate: 1, slowMs: 300 } },
    });
    expect(run.outcome).toBe('complete');
    expectAllReadCorrectly(run);
    expectPaidOnce(run);
    const firstUpload = events.findIndex((e) => e.startsWith('in POST'));
    const firstAnswer = events.findIndex((e) => e.startsWith('out '));
    // Whether the key may read tasks is asked beside the quota and AI status reads (a task that
    // cannot exist: 404, not 403); until it answers, a single task could be one the key cannot
    // follow, so the first photo goes in a batch, which batch reads follow too. Waiting for the
    // answer cost every run an answer's delay (issue 29).
    const readsAsked = events.findIndex((e) => e.startsWith('in GET /api/open/tasks/'));
    expect(readsAsked).toBeGreaterThanOrEqual(0);
    expect(readsAsked).toBeLessThan(firstAnswer);
    expect(events[firstUpload]).toBe('in POST /api/open/batches');
    expect(firstUpload).toBeLessThan(firstAnswer);
    expect(run.h.sandbox.ledger.batches()[0]?.taskIds).toHaveLength(1);
    // Nothing else is sent before the reads and the first photo have answered: the first photo's
    // answer tells the key's concurrency limit.
    const secondUpload = events.findIndex((e, i) => i > firstUpload && e.startsWith('in POST'));
    expect(secondUpload).toBeGreaterThan(
      Math.max(
        events.indexOf('out GET /api/open/ai-status'),
        events.indexOf('out GET /api/open/quota'),
        events.findIndex((e) => e.startsWith('out GET /api/open/tasks/')),
        events.indexOf('out POST /api/open/batches'),
      ),
    );
  }, 60_000);

  it('in batch mode "never", sends the first photo as a single task once the key is known to read tasks', async () => {
    const { events, rules } = timeline();
    const run = await startRun({
      rules,
      photos: 4,
      config: { batchMode: 'never' },
      sandbox: { faults: { slowRate: 1, slowMs: 300 } },
    });
    expect(run.outcome).toBe('complete');
    expectAllReadCorrectly(run);
    const firstUpload = events.findIndex((e) => e.startsWith('in POST'));
    const readsAnswered = events.findIndex((e) => e.startsWith('out GET /api/open/tasks/'));
    expect(events[firstUpload]).toBe('in POST /api/open/tasks');
    expect(firstUpload).toBeGreaterThan(readsAnswered);
    expect(run.h.sandbox.ledger.batches()).toHaveLength(0);
  }, 60_000);

  it('with a business of its own, sends nothing before the reads have answered', async () => {
    const { events, rules } = timeline();
    const run = await startRun({
      rules,
      photos: 4,
      config: { business: 'water_v3_meter' },
      sandbox: { faults: { slowRate: 1, slowMs: 300 } },
    });
    expect(run.outcome).toBe('complete');
    // Whether a single task carries this business only the AI status can tell (its namespace).
    const firstUpload = events.findIndex((e) => e.startsWith('in POST'));
    expect(firstUpload).toBeGreaterThan(
      Math.max(
        events.indexOf('out GET /api/open/ai-status'),
        events.indexOf('out GET /api/open/quota'),
      ),
    );
  }, 60_000);
});
