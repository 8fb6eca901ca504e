// How often the engine, the one reader of quota and AI status, asks for them: the backend pushes
// what it read, and the window asks nothing itself. Every statusRefreshMs (10 s) while photos
// wait, once more when the queue drains, every statusIdleRefreshMs (5 minutes) when idle, never
// while the service is unreachable or refuses the key. Time is a manual clock; the queue is a real
// SQLite file; the API is counted.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeterApi } from '../../main/api/client';
import { aiStatusResponseSchema, quotaResponseSchema } from '../../main/api/schemas';
import { DEFAULT_ENGINE_CONFIG } from '../../main/engine/config';
import { ServiceState } from '../../main/engine/service-state';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { quotedMessage } from '../../common/job-messages';

const MINUTE = 60_000;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function setup() {
  const t = tempDir('meterdesk-reads-');
  const store: Store = openStore(join(t.dir, 'queue.sqlite'));
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  const clock = createManualClock(Date.parse('2026-03-02T08:00:00Z'));
  const reads = { quota: 0, ai: 0 };
  let remaining = 500;
  const api = {
    getQuota: () => {
      reads.quota++;
      return Promise.resolve(quotaResponseSchema.parse({ quota: { remaining } }));
    },
    getAiStatus: () => {
      reads.ai++;
      return Promise.resolve(
        aiStatusResponseSchema.parse({ is_online: true, accepts_new_tasks: true }),
      );
    },
  } as unknown as MeterApi;
  const state = { need: 'busy' as 'busy' | 'idle' | 'held' };
  const pending: Promise<unknown>[] = [];
  const service = new ServiceState({
    store,
    api,
    clock,
    config: DEFAULT_ENGINE_CONFIG,
    serviceId: 'https://meters.example.com',
    refreshNeed: () => state.need,
    running: () => true,
    signal: () => new AbortController().signal,
    track: (work) => pending.push(work),
    failed: (error) => {
      throw error;
    },
    changed: () => undefined,
    log: () => undefined,
  });
  return {
    store,
    clock,
    reads,
    state,
    service,
    spend: (n: number) => {
      remaining -= n;
    },
  };
}

describe('quota and AI status reads', () => {
  it('every 10 s while photos wait, once more when the queue drains, then every 5 minutes', async () => {
    const s = setup();
    await s.service.preflight(new AbortController().signal);
    s.service.startRefreshing();
    await s.clock.advance(MINUTE);
    // The pre-flight and six re-reads: 7 quota and 7 AI requests in the first minute of a run.
    expect(s.reads).toEqual({ quota: 7, ai: 7 });

    s.spend(40);
    s.state.need = 'idle';
    await s.clock.advance(10_000);
    expect(s.reads).toEqual({ quota: 8, ai: 8 });
    expect(s.service.quota?.remaining).toBe(460);

    await s.clock.advance(4 * MINUTE);
    expect(s.reads.quota).toBe(8);
    await s.clock.advance(MINUTE);
    expect(s.reads.quota).toBe(9);
    await s.clock.advance(60 * MINUTE);
    // Idle: one read in each 5 minutes (within one 10 s tick).
    expect(s.reads.quota).toBe(21);
    expect(s.reads.ai).toBe(s.reads.quota);
  });

  it('once after a run shorter than one refresh period, so the window shows what it spent', async () => {
    const s = setup();
    s.state.need = 'idle';
    await s.service.preflight(new AbortController().signal);
    s.service.startRefreshing();
    // Photos come and finish between two ticks: no read ever saw the queue busy.
    const rootId = s.store.roots.ensure('/photos', 'folder').id;
    s.store.jobs.insertScanned([
      {
        rootId,
        path: '/photos/a.jpg',
        relPath: 'a.jpg',
        size: 1,
        mtimeMs: 1,
        accepted: { sha256: 'a'.repeat(64), format: 'jpeg' },
        rejected: null,
      },
    ]);
    const [job] = s.store.jobs.dueUploads(s.clock.now(), 1);
    if (!job) throw new Error('no job');
    s.store.jobs.fail([job.id], 'service_error', quotedMessage('stand-in for a finished photo'));
    s.spend(1);
    await s.clock.advance(10_000);
    expect(s.reads.quota).toBe(2);
    expect(s.service.quota?.remaining).toBe(499);
    // Nothing finished since: the idle pace again.
    await s.clock.advance(MINUTE);
    expect(s.reads.quota).toBe(2);
  });

  it('sooner when tasks say why they wait, at most once in statusRecheckMinMs (2 s)', async () => {
    const s = setup();
    await s.service.preflight(new AbortController().signal);
    s.service.startRefreshing();
    await s.clock.advance(1_000);
    // A list answer: many tasks wait for the AI at once; one read 2 s after the last, not ten.
    for (let i = 0; i < 10; i++) s.service.readSoon();
    await s.clock.advance(999);
    expect(s.reads.ai).toBe(1);
    await s.clock.advance(1);
    expect(s.reads.ai).toBe(2);
    // The periodic pace goes on from the early read.
    s.service.readSoon();
    await s.clock.advance(2_000);
    expect(s.reads.ai).toBe(3);
    await s.clock.advance(9_999);
    expect(s.reads.ai).toBe(3);
    await s.clock.advance(1);
    expect(s.reads.ai).toBe(4);
    // Nothing waits in the queue: no early read.
    s.state.need = 'idle';
    await s.clock.advance(5_000);
    s.service.readSoon();
    await s.clock.advance(4_000);
    expect(s.reads.ai).toBe(4);
  });

  it('not sooner for results waiting for their AI version: the periodic reads tell it', async () => {
    const s = setup();
    await s.service.preflight(new AbortController().signal);
    s.service.startRefreshing();
    // A result marked latest arrives every second; each asked for a read 2 s after the last one,
    // which cost a far service's key about 10 of its 120 requests in a 10 s run (issue 29).
    for (let i = 1; i < 10; i++) {
      await s.clock.advance(1_000);
      s.service.resultsRead([
        { taskId: `t${i}`, since: s.clock.now() - 500, until: s.clock.now() },
      ]);
    }
    expect(s.reads).toEqual({ quota: 1, ai: 1 });
    await s.clock.advance(1_000);
    expect(s.reads).toEqual({ quota: 2, ai: 2 });
  });

  it('not at all while the service is unreachable or refuses the key', async () => {
    const s = setup();
    s.state.need = 'held';
    s.service.startRefreshing();
    await s.clock.advance(30 * MINUTE);
    expect(s.reads).toEqual({ quota: 0, ai: 0 });
  });
});
