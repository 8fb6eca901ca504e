// @vitest-environment happy-dom
// Walking-order review in the window (issue 22, item 6): the box says where the clerk is on the
// route, the A key goes to the next flagged meter as the Confirm button does (not the next table
// row), after a correction the focus stays with the review so Ctrl+Z undoes it, and the end of
// the route is said.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MeterRow } from '../../common/ipc';
import { doneJob, stubBridge, type StubBridge } from './stub-bridge';
import { meterDetail } from './meter-detail';
import { meterRow } from './meter-rows';
import { renderApp } from './render-app';

afterEach(cleanup);
// A test DOM lays nothing out and may have no scrollIntoView (the review box scrolls itself into view).
const hadScroll = Object.hasOwn(Element.prototype, 'scrollIntoView');
beforeAll(() => {
  if (!hadScroll) Element.prototype.scrollIntoView = () => undefined;
});
afterAll(() => {
  if (!hadScroll) Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

/**
 * Three photos in table order 1, 2, 3; their meters A1 (seq 280), A2, A3 (seq 300). A1 and A3
 * are flagged, A2 is not: the next table row after A1 is not the next flagged meter.
 */
function route(routes: readonly [string, string, string] = ['Nord', 'Nord', 'Nord']): StubBridge {
  const base = stubBridge([
    doneJob(1, '00001.5', { toReview: true, meterId: 'A1' }),
    doneJob(2, '00002.5', { meterId: 'A2' }),
    doneJob(3, '00003.5', { toReview: true, meterId: 'A3' }),
  ]);
  const rows = [meterRow('A1', 280, 'flagged', 1), meterRow('A2', 290, 'confirmed', 2)];
  rows.push(meterRow('A3', 300, 'flagged', 3));
  for (const [i, r] of rows.entries()) rows[i] = { ...r, route: routes[i] ?? null };
  const flagged = (): MeterRow[] => rows.filter((r) => r.state === 'flagged');
  const answers: Record<string, (request: never) => unknown> = {
    billingOverview: async () => {
      const reply = await base.billingOverview();
      if (!reply.ok) return reply;
      const { totals } = reply.value;
      const counted = { ...totals, meters: rows.length, flagged: flagged().length };
      return { ok: true, value: { ...reply.value, totals: counted } };
    },
    listMeters: (q: { filter: string }) => {
      const shown = q.filter === 'flagged' ? flagged() : rows;
      return Promise.resolve({ ok: true, value: { rows: shown, total: shown.length } });
    },
    // The meter leaves the flagged list; the review keeps its time, so it can be undone.
    review: async (r: { id: number }) => {
      const reply = await base.review(r as never);
      if (!reply.ok) return reply;
      const at = rows.findIndex((m) => m.jobId === r.id);
      const reviewed = rows[at];
      if (reviewed) rows[at] = { ...reviewed, state: 'confirmed' };
      if (!reply.value.done) return reply;
      const job = { ...reply.value.job, reviewedAt: '2026-11-27T05:00:00.000Z' };
      return { ok: true, value: { done: true, job } };
    },
    undoReview: (r: { id: number }) => {
      base.calls.push({ channel: 'undoReview', request: r });
      const undone = base.jobs.find((j) => j.id === r.id);
      const job = { ...undone, reviewAction: null };
      // Flagged again.
      const at = rows.findIndex((m) => m.jobId === r.id);
      const row = rows[at];
      if (row) rows[at] = { ...row, state: 'flagged' };
      return Promise.resolve({ ok: true, value: { done: true, job } });
    },
    // "Move to meter": the photo is B9's now, a meter at sequence 510 of route Nord.
    assignMeter: (r: { jobId: number; meterId: string }) => {
      base.calls.push({ channel: 'assignMeter', request: r });
      const at = base.jobs.findIndex((j) => j.id === r.jobId);
      const moved = base.jobs[at];
      if (!moved) throw new Error('no photo');
      base.jobs[at] = { ...moved, meterId: r.meterId };
      return Promise.resolve({ ok: true, value: base.jobs[at] });
    },
    meterDetail: ({ meterId }: { meterId: string }) => {
      const sequence = rows.find((m) => m.meterId === meterId)?.sequence ?? 510;
      const detail = meterDetail(meterId);
      const meter = { ...detail.meter, route: 'Nord', sequence };
      return Promise.resolve({ ok: true, value: { ...detail, meter } });
    },
  };
  return new Proxy(base, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && prop in answers) return answers[prop];
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

describe('walking-order review', () => {
  it('says where the clerk is, A goes to the next flagged meter, the focus and Ctrl+Z stay', async () => {
    const bridge = route();
    const { store } = await renderApp(bridge);
    const user = userEvent.setup();
    await store.getState().startWalkingReview();
    expect(store.getState().selectedId).toBe(1);
    expect((await screen.findByTestId('walk-position')).textContent).toBe('Meter 1 of 2 · seq 280');

    // A, as the button: the next flagged meter (A3, photo 3), not the next row (photo 2).
    await user.keyboard('a');
    await waitFor(() => {
      expect(store.getState().selectedId).toBe(3);
    });
    await waitFor(() => {
      expect(screen.getByTestId('walk-position').textContent).toBe('Meter 2 of 2 · seq 300');
    });

    // A correction: the route is done, said so, and the focus is the review's, not the field's.
    await user.click(screen.getByTestId('correct-input'));
    await user.keyboard('4.5{Enter}');
    expect((await screen.findByTestId('walk-done')).textContent).toContain(
      'Route reviewed: all 2 flagged meters are done.',
    );
    expect(document.activeElement).toBe(screen.getByTestId('review-box'));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => {
      expect(bridge.calls.filter((c) => c.channel === 'undoReview')).toMatchObject([
        { request: { id: 3 } },
      ]);
    });
    store.getState().stop();
  });

  it('keeps the undo with the meter it belongs to, and an undo after the end takes the walk up again', async () => {
    const bridge = route();
    const { store } = await renderApp(bridge);
    const user = userEvent.setup();
    await store.getState().startWalkingReview();
    await screen.findByTestId('walk-position');
    await user.click(screen.getByTestId('review-box'));
    await user.keyboard('a');
    await waitFor(() => {
      expect(screen.getByTestId('walk-position').textContent).toBe('Meter 2 of 2 · seq 300');
    });
    // On A3 there is no undo of A1: no note, and Ctrl+Z takes nothing back.
    expect(screen.queryByTestId('review-undo')).toBeNull();
    await user.keyboard('{Control>}z{/Control}');
    expect(bridge.calls.filter((c) => c.channel === 'undoReview')).toEqual([]);
    expect(store.getState().selectedId).toBe(3);

    // The last meter: "route reviewed"; its undo flags it again and the walk goes on.
    await user.keyboard('a');
    await screen.findByTestId('walk-done');
    expect(screen.getByTestId('review-undo')).toBeTruthy();
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => {
      expect(screen.queryByTestId('walk-done')).toBeNull();
    });
    expect(bridge.calls.filter((c) => c.channel === 'undoReview')).toMatchObject([
      { request: { id: 3 } },
    ]);
    expect(store.getState().walking).toBe(true);
    expect(screen.getByTestId('walk-position').textContent).toBe('Meter 2 of 2 · seq 300');
    store.getState().stop();
  });

  it('after "Move to meter" says the new meter’s sequence and walks on from its place', async () => {
    const bridge = route();
    const { store } = await renderApp(bridge);
    await store.getState().startWalkingReview();
    expect((await screen.findByTestId('walk-position')).textContent).toBe('Meter 1 of 2 · seq 280');
    expect((await store.getState().assignMeter(1, 'B9')).ok).toBe(true);
    await waitFor(() => {
      expect(screen.getByTestId('walk-position').textContent).toBe('Meter 1 of 2 · seq 510');
    });
    // The next is still A3, the stop after this photo's.
    expect(await store.getState().nextInWalkingOrder()).toBe(true);
    expect(store.getState().selectedId).toBe(3);
    store.getState().stop();
  });

  it('names the route when the walk goes over two, and counts in it', async () => {
    const { store } = await renderApp(route(['Nord', 'Nord', 'Süd']));
    await store.getState().startWalkingReview();
    expect((await screen.findByTestId('walk-position')).textContent).toBe(
      'Route Nord: meter 1 of 1 · seq 280',
    );
    expect(await store.getState().nextInWalkingOrder()).toBe(true);
    await waitFor(() => {
      expect(screen.getByTestId('walk-position').textContent).toBe(
        'Route Süd: meter 1 of 1 · seq 300',
      );
    });
    store.getState().stop();
  });
});
