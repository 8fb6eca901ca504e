// @vitest-environment happy-dom
// A review made from the keyboard (A to accept, Ctrl+Z to undo) has no box of its own to show a
// failure in: the backend's refusal comes as a notice instead of nothing at all.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { doneJob, stubBridge, type StubBridge } from './stub-bridge';
import { renderApp } from './render-app';

afterEach(cleanup);

const GONE = { ok: false, error: { code: 'not_found', message: 'gone' } } as const;

/** The stub bridge, with one call refused as the backend refuses a photo that is gone. */
function refusing(channel: 'review' | 'undoReview'): StubBridge {
  const base = stubBridge([doneJob(1, '00001.1', { toReview: true })]);
  return new Proxy(base, {
    get(target, prop, receiver) {
      if (prop === channel) return () => Promise.resolve(GONE);
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

describe('keyboard review', () => {
  it('says so in a notice when the backend refuses an accept made with A', async () => {
    const { store } = await renderApp(refusing('review'));
    const user = userEvent.setup();
    await user.keyboard('j');
    await screen.findByTestId('review-box');
    await user.keyboard('a');
    const notice = await screen.findByTestId('notice');
    expect(notice.textContent).toContain('That item is no longer there');
    store.getState().stop();
  });

  it('says so in a notice when the backend refuses an undo made with Ctrl+Z', async () => {
    const { store } = await renderApp(refusing('undoReview'));
    const user = userEvent.setup();
    // The stub's review keeps no time, so the undoable review is set as a review would set it.
    store.setState({
      lastReview: {
        id: 1,
        relPath: 'photo-000001.jpg',
        action: 'accepted',
        reading: null,
        reviewedAt: '2026-11-27T02:00:00.000Z',
        restore: { action: null, reading: null, reviewedAt: null },
      },
    });
    await user.keyboard('{Control>}z{/Control}');
    const notice = await screen.findByTestId('notice');
    expect(notice.textContent).toContain('That item is no longer there');
    store.getState().stop();
  });
});
