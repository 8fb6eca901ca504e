// The engine's smaller parts on a manual clock: waitSettled's decisions, the quota budget, what
// is learned of a deployment (and forgotten again), and when tasks are looked at.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { idleStatus, noHolds, type EngineStatus } from '../../common/engine-status';
import { emptyCounts } from '../../common/job-record';
import { PollTiming, pollSpacingMs } from '../../main/engine/backoff';
import { Deployment } from '../../main/engine/deployment';
import { QuotaBudget } from '../../main/engine/quota-budget';
import { settledOutcome, StatusFeed } from '../../main/engine/status-feed';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock, type ManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';

const T0 = Date.UTC(2026, 10, 23, 8);

function status(patch: Partial<EngineStatus['counts']>, holds = noHolds()): EngineStatus {
  return { ...idleStatus({ ...emptyCounts(), ...patch }), running: true, holds };
}

/** A status feed that tells nobody but waitSettled()'s callers. */
function quietFeed(clock: ManualClock, current: () => EngineStatus): StatusFeed {
  return new StatusFeed({
    clock,
    status: current,
    emitJobs: () => undefined,
    emitStatus: () => undefined,
    running: () => true,
  });
}

describe('when a run has settled', () => {
  it.each([
    ['all final', {}, noHolds(), 'complete'],
    ['photos queued, nothing held', { queued: 3 }, noHolds(), null],
    [
      'a rejected key',
      { queued: 3, submitted: 2 },
      { ...noHolds(), auth: { kind: 'key_rejected' as const, message: '', permission: null } },
      'key_rejected',
    ],
    [
      'a rejected key, an upload still on its way (it is refused and put back in a moment)',
      { queued: 2, uploading: 1 },
      { ...noHolds(), auth: { kind: 'key_rejected' as const, message: '', permission: null } },
      null,
    ],
    [
      'no right to upload, tasks still followed',
      { queued: 3, submitted: 2 },
      {
        ...noHolds(),
        auth: {
          kind: 'permission_denied' as const,
          message: '',
          permission: 'create_task' as const,
        },
      },
      null,
    ],
    [
      'no right to upload, nothing in flight',
      { queued: 3 },
      {
        ...noHolds(),
        auth: {
          kind: 'permission_denied' as const,
          message: '',
          permission: 'create_task' as const,
        },
      },
      'permission_denied',
    ],
    [
      'no right to read tasks: nothing more will come',
      { submitted: 2 },
      {
        ...noHolds(),
        auth: { kind: 'permission_denied' as const, message: '', permission: 'get_task' as const },
      },
      'permission_denied',
    ],
    [
      'a settings hold waits for what was sent',
      { queued: 1, submitted: 1 },
      { ...noHolds(), settings: { message: '' } },
      null,
    ],
    [
      'a settings hold, nothing in flight',
      { queued: 1 },
      { ...noHolds(), settings: { message: '' } },
      'settings',
    ],
    [
      'quota, nothing in flight',
      { queued: 4 },
      { ...noHolds(), quota: { since: '', remaining: 0, summaryText: '', nextCheckAt: 0 } },
      'quota_exhausted',
    ],
  ] as const)('%s', (_what, counts, holds, outcome) => {
    expect(settledOutcome(status(counts, holds))).toBe(outcome);
  });

  it("an offline run settles as offline_timeout only after the waiter's time limit", async () => {
    const clock = createManualClock(T0);
    let current = status(
      { queued: 5 },
      {
        ...noHolds(),
        offline: { since: new Date(T0).toISOString(), code: null, nextProbeAt: 0 },
      },
    );
    const feed = quietFeed(clock, () => current);
    let outcome: string | null = null;
    void feed.waitSettled(120_000).then((o) => (outcome = o));
    await clock.advance(119_000);
    expect(outcome).toBeNull();
    await clock.advance(2_000);
    expect(outcome).toBe('offline_timeout');
    current = status({});
    let done: string | null = null;
    void feed.waitSettled(Infinity).then((o) => (done = o));
    await clock.advance(200);
    expect(done).toBe('complete');
    feed.stop();
  });

  it('tells a waiter the run ended as the last job changes, not at the next push', async () => {
    const clock = createManualClock(T0);
    let current = status({ submitted: 1 });
    const feed = quietFeed(clock, () => current);
    let outcome: string | null = null;
    void feed.waitSettled(Infinity).then((o) => (outcome = o));
    await clock.advance(0);
    expect(outcome).toBeNull();
    current = status({ done: 1 });
    feed.changed([1]);
    await clock.advance(0);
    expect(outcome).toBe('complete');
    feed.stop();
  });
});

describe('the quota budget', () => {
  it('counts what is in flight and what was read fresh; unread units come back', () => {
    const budget = new QuotaBudget(createManualClock(T0));
    expect(budget.left(10)).toBe(Infinity);
    budget.observe(15);
    expect(budget.left(0)).toBe(15);
    expect(budget.left(8)).toBe(7);
    budget.ended([
      { taskId: 'a', fresh: true },
      { taskId: 'b', fresh: false },
      { taskId: 'a', fresh: true },
    ]);
    expect(budget.left(6)).toBe(8);
    budget.observe(0);
    expect(budget.left(0)).toBe(0);
    budget.observe(null);
    expect(budget.left(99)).toBe(Infinity);
  });

  it('without a way to read the quota, the last figure is taken at its word once', () => {
    const budget = new QuotaBudget(createManualClock(T0));
    budget.observe(4);
    budget.ended([
      { taskId: 'x', fresh: true },
      { taskId: 'y', fresh: true },
    ]);
    expect(budget.left(0)).toBe(2);
    expect(budget.assumeExact()).toBe(true);
    expect(budget.left(0)).toBe(4);
    expect(budget.assumeExact()).toBe(false);
    budget.observe(0);
    expect(budget.assumeExact()).toBe(false);
  });
});

describe('what is learned of a deployment', () => {
  let store: Store;
  let cleanup = (): void => undefined;
  afterEach(() => {
    store.close();
    cleanup();
  });

  function deployment(clock = createManualClock(T0)): Deployment {
    return new Deployment(store, clock, 'https://meters.example', {
      batchRecheckMs: 30 * 60_000,
      permissionRecheckMs: 10 * 60_000,
    });
  }

  function open(): void {
    const t = tempDir();
    cleanup = t.cleanup;
    store = openStore(join(t.dir, 'q.sqlite'));
  }

  it('list limits and batch sizes are remembered for a day, then tried afresh', () => {
    open();
    const clock = createManualClock(T0);
    const d = deployment(clock);
    expect(d.listLimit).toBe(100);
    d.shrinkList(100, 50);
    d.shrinkBatches(8, null);
    expect(d.listLimit).toBe(50);
    expect(d.batchMaxFiles).toBe(4);
    const next = deployment(clock);
    expect([next.listLimit, next.batchMaxFiles]).toEqual([50, 4]);
    const tomorrow = deployment(createManualClock(T0 + 25 * 3_600_000));
    expect([tomorrow.listLimit, tomorrow.batchMaxFiles]).toEqual([100, 8]);
  });

  it('lists refused at once for the same limit lower it once to the bound the service names', () => {
    open();
    const d = deployment();
    // Four lists asked 100; the first refusal lowers the limit to 50, the others' arrive after
    // (failures.ts passes the limit asked now) and name the same bound.
    for (let i = 0; i < 4; i++) d.shrinkList(d.listLimit ?? 0, 50);
    expect(d.listLimit).toBe(50);
  });

  it('a list refused down to a handful is given up (polls go one by one)', () => {
    open();
    const d = deployment();
    for (const tried of [100, 50, 25, 12, 6]) d.shrinkList(tried, null);
    expect(d.listLimit).toBeNull();
  });

  it('batches refused as unsupported come back after the re-check time; CAD by name while named', async () => {
    open();
    const clock = createManualClock(T0);
    const d = deployment(clock);
    d.refuseBatches('not supported');
    expect(d.batchesUnavailable()).toBe('not supported');
    await clock.advance(30 * 60_000 + 1);
    expect(d.batchesUnavailable()).toBeNull();
    d.sawAiVersion('CAD:v1');
    expect(d.batchesUnavailable()).toMatch(/CAD/);
    expect(d.singleTasksCarry(null)).toBe(true);
    expect(d.singleTasksCarry('CAD')).toBe(true);
    expect(d.singleTasksCarry('water_v3_foreign')).toBe(false);
    d.sawAiVersion('water_v3_meter:v3.3');
    expect(d.batchesUnavailable()).toBeNull();
  });

  it('a 403 is avoided for a while, forgotten after it, or at once when the person says so', async () => {
    open();
    const clock = createManualClock(T0);
    const d = deployment(clock);
    d.deny('quota', 'missing scope quota:read');
    expect(d.deniedMessage('quota')).toMatch(/quota:read/);
    expect(d.view().denied).toEqual({ quota: 'missing scope quota:read' });
    await clock.advance(10 * 60_000 + 1);
    expect(d.deniedMessage('quota')).toBeNull();
    d.deny('create_batch', 'no');
    expect(d.batchesUnavailable()).toBe('no');
    d.forgetDenials();
    expect(d.batchesUnavailable()).toBeNull();
  });
});

describe('when tasks are looked at', () => {
  it('polls use at most half of what is left of the request window', () => {
    expect(pollSpacingMs({ predictedRemaining: undefined, resetAtMs: undefined }, T0)).toBe(250);
    expect(pollSpacingMs({ predictedRemaining: 120, resetAtMs: T0 + 10_000 }, T0)).toBeCloseTo(
      166.7,
      1,
    );
    expect(pollSpacingMs({ predictedRemaining: 4, resetAtMs: T0 + 10_000 }, T0)).toBe(5_000);
    expect(pollSpacingMs({ predictedRemaining: 1000, resetAtMs: T0 + 1_000 }, T0)).toBe(100);
  });

  it('near the usual finish every spacing; long after, backing off; waiting on the AI, slowly', () => {
    const t = new PollTiming(1_000);
    expect(t.nextDelay('running', 1_200, 170)).toBe(170);
    expect(t.nextDelay('running', 8_000, 170)).toBe(2_000);
    expect(t.nextDelay('waiting_ai', 10_000, 170)).toBe(5_000);
  });

  it('the first look moves earlier when late, and to where the first tenth of tasks finished when early', () => {
    const t = new PollTiming(1_000);
    t.observeFirstPoll(true);
    t.endRound();
    expect(t.firstDelay()).toBe(900);
    // Seen final by looks sent at these ages, 100 ms after the looks before: they finished in
    // between, 50 ms earlier on the middle estimate.
    for (const age of [1_050, 1_100, 1_150, 1_200, 1_300, 1_400]) t.observeFinishedAt(age, 100);
    t.observeFirstPoll(false);
    t.observeFirstPoll(false);
    t.endRound();
    expect(t.firstDelay()).toBe(1_000);
    expect(t.typicalFinishMs()).toBe(1_150);
  });

  it('a first look counts once, however many lists on their way at once asked about the task', () => {
    const t = new PollTiming(1_000);
    for (const list of [1, 2, 3]) {
      t.observeFirstPoll(false, 7);
      if (list === 1) t.observeFirstPoll(true, 8);
      t.endRound();
    }
    // One round found job 7 running and job 8 final: a tie is not early, so the look moved
    // earlier once (x0.9) and the two lists after it, which counted nothing, moved nothing.
    expect(t.firstDelay()).toBe(900);
  });

  it('polls share what is left of the window, over the time the work left will take', () => {
    const window = { predictedRemaining: 120, resetAtMs: T0 + 10_000 };
    expect(pollSpacingMs(window, T0, 0.75)).toBeCloseTo(111.1, 1);
    // Three seconds of work left: the budget is spent over them, down to the floor.
    expect(pollSpacingMs(window, T0, 0.5, 3_000)).toBe(100);
    expect(pollSpacingMs({ predictedRemaining: 20, resetAtMs: T0 + 10_000 }, T0, 0.5, 3_000)).toBe(
      300,
    );
  });
});
