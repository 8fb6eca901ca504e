// Replies that come back in another order than their requests went out (a busy main process, the
// end-to-end page bridge): the window keeps the newest answer for the photo detail, the meter
// shown beside it and each page of the list, never an older one that arrived late.
import { describe, expect, it } from 'vitest';
import type { MeterDetail, MeterDeskBridge, Result } from '../../common/ipc';
import { createAppStore } from '../../renderer/store/create-store';
import { meterDetail } from './meter-detail';
import { doneJob, stubBridge } from './stub-bridge';

type Channel = 'jobDetail' | 'meterDetail' | 'queryJobs';

/** A bridge whose replies on the named channels wait until the test lets each one go. */
function heldBridge(channels: readonly Channel[]) {
  const base = stubBridge([doneJob(1, '00001.5'), doneJob(2, '00002.5')]);
  const held: { channel: Channel; request: unknown; release: () => void }[] = [];
  let meterAnswer: MeterDetail | null = null;
  const answer = (channel: Channel, request: never): Promise<Result<unknown>> => {
    if (channel === 'meterDetail') return Promise.resolve({ ok: true, value: meterAnswer });
    const call = base[channel] as (r: never) => Promise<Result<unknown>>;
    return call(request);
  };
  const bridge = new Proxy(base, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && (channels as readonly string[]).includes(prop)) {
        const channel = prop as Channel;
        return (request: never) =>
          // The answer is read when the reply is let go: what the main process would have read
          // had it handled this request late.
          new Promise((resolve) => {
            held.push({
              channel,
              request,
              release: () => void answer(channel, request).then(resolve),
            });
          });
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  }) as MeterDeskBridge & typeof base;
  return {
    bridge,
    held,
    setMeter(meterId: string) {
      meterAnswer = meterDetail(meterId);
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('replies out of order', () => {
  it('the photo detail keeps the newest answer, not an older one that came back late', async () => {
    const h = heldBridge(['jobDetail']);
    const store = createAppStore(h.bridge, { refreshMs: 10 });
    const first = store.getState().loadDetail(1);
    store.setState({ selectedId: 1 });
    // The photo gets its meter between the two requests.
    const before = h.bridge.jobs[0];
    if (!before) throw new Error('no job');
    h.bridge.jobs[0] = { ...before, meterId: 'A7', updatedAt: '2025-01-02T00:00:00.000Z' };
    const second = store.getState().loadDetail(1);
    const [older, newer] = h.held;
    if (!older || !newer) throw new Error('expected two held requests');
    h.held.length = 0;
    newer.release();
    await second;
    expect(store.getState().detail?.job.meterId).toBe('A7');
    // The older request is answered late with what it would have read before the change.
    h.bridge.jobs[0] = before;
    older.release();
    await first;
    await settle();
    expect(store.getState().detail?.job.meterId).toBe('A7');
  });

  it('the meter beside the photo is the one asked for last', async () => {
    const h = heldBridge(['meterDetail']);
    const store = createAppStore(h.bridge, { refreshMs: 10 });
    const first = store.getState().loadMeterOfDetail('A1');
    const second = store.getState().loadMeterOfDetail('A7');
    const [older, newer] = h.held;
    if (!older || !newer) throw new Error('expected two held requests');
    h.setMeter('A7');
    newer.release();
    await second;
    expect(store.getState().meterOfDetail?.meter.meterId).toBe('A7');
    h.setMeter('A1');
    older.release();
    await first;
    await settle();
    expect(store.getState().meterOfDetail?.meter.meterId).toBe('A7');
  });

  it('a photo with no meter any more is not given one back by a late answer', async () => {
    const h = heldBridge(['meterDetail']);
    const store = createAppStore(h.bridge, { refreshMs: 10 });
    const first = store.getState().loadMeterOfDetail('A1');
    await store.getState().loadMeterOfDetail(null);
    const [older] = h.held;
    if (!older) throw new Error('expected a held request');
    h.setMeter('A1');
    older.release();
    await first;
    await settle();
    expect(store.getState().meterOfDetail).toBeNull();
  });

  it('a refresh asks again even while an older answer for the page is on its way, and keeps the newer', async () => {
    const h = heldBridge(['queryJobs']);
    const store = createAppStore(h.bridge, { refreshMs: 10 });
    const loading = store.getState().reloadTable();
    h.held.shift()?.release();
    await loading;
    expect(
      store
        .getState()
        .pages.get(0)
        ?.map((j) => j.state),
    ).toEqual(['done', 'done']);

    const firstRefresh = store.getState().refreshTable();
    await settle();
    const before = h.bridge.jobs[1];
    if (!before) throw new Error('no job');
    h.bridge.jobs[1] = { ...before, reviewAction: 'accepted', toReview: false };
    const secondRefresh = store.getState().refreshTable();
    await settle();
    expect(h.held.map((c) => c.channel)).toEqual(['queryJobs', 'queryJobs']);
    const [older, newer] = h.held;
    if (!older || !newer) throw new Error('expected two held requests');
    newer.release();
    await secondRefresh;
    expect(store.getState().pages.get(0)?.[1]?.reviewAction).toBe('accepted');
    h.bridge.jobs[1] = before;
    older.release();
    await firstRefresh;
    await settle();
    expect(store.getState().pages.get(0)?.[1]?.reviewAction).toBe('accepted');
  });
});
