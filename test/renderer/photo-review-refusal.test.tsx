// @vitest-environment jsdom
// A photo's review in office mode (issue 23; docs/office.md): the Confirm button sends the
// version of the photo's meter the clerk sees, and a refusal from the office is said in the
// review box (who changed the meter and what, in English and German), the photo staying shown.
// The backend's side: test/office/photo-review.slow.test.ts.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfficeMeterView } from '../../common/ipc';
import { ReviewRefusal } from '../../renderer/billing/review-refusal';
import { ReviewBox } from '../../renderer/components/review-box';
import { createI18n } from '../../renderer/i18n/i18n';
import { createAppStore } from '../../renderer/store/create-store';
import { StoreProvider } from '../../renderer/store/context';
import { CONNECTED_OFFICE, doneJob, stubBridge, type StubBridge } from './stub-bridge';

afterEach(cleanup);

const AT = new Date(2026, 10, 27, 10, 42).getTime();
const CHANGED_BY = { clerk: 'ben', desk: 'ben@pc-2', kind: 'confirm', reading: '01234', at: AT };
const SHOWN: OfficeMeterView = {
  state: 'shown',
  meterId: 'A1',
  version: 3,
  reviewer: null,
  decidedElsewhere: null,
  history: [],
};

/** The stub bridge in office mode; the office refuses every review. */
function refusingOffice(): StubBridge {
  const base = stubBridge([doneJob(1, '00001.5', { toReview: true, meterId: 'A1' })], {
    office: CONNECTED_OFFICE,
  });
  const answers: Record<string, (request: never) => unknown> = {
    officeShowMeter: () => Promise.resolve({ ok: true, value: SHOWN }),
    review: () => Promise.resolve({ ok: true, value: { done: false, changedBy: CHANGED_BY } }),
  };
  return new Proxy(base, {
    get(target, prop, receiver) {
      const answer = typeof prop === 'string' ? answers[prop] : undefined;
      if (!answer) return Reflect.get(target, prop, receiver) as unknown;
      return (request: never) => {
        base.calls.push({ channel: String(prop), request });
        return answer(request);
      };
    },
  });
}

describe("a photo's review refused in the office", () => {
  it.each([
    ['en', 'ben@pc-2 confirmed 01234 at 10:42; your change was not saved.'],
    ['de', 'ben@pc-2 bestätigte 01234 um 10:42; Ihre Änderung wurde nicht gespeichert.'],
  ] as const)('says who changed the meter and what (%s)', async (lang, words) => {
    const bridge = refusingOffice();
    const store = createAppStore(bridge);
    await store.getState().start();
    store.getState().select(1, null, true);
    await store.getState().loadDetail(1);
    await store.getState().showOfficeMeter('A1');
    const job = store.getState().detail?.job;
    if (!job) throw new Error('no photo shown');
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <StoreProvider store={store}>
          <ReviewBox job={job} stale={false} refusal={<ReviewRefusal jobId={job.id} />} />
        </StoreProvider>
      </I18nextProvider>,
    );
    await userEvent.setup().click(screen.getByTestId('accept-reading'));
    expect((await screen.findByTestId('review-refused')).textContent).toBe(words);
    expect(bridge.calls.find((c) => c.channel === 'review')?.request).toEqual({
      id: 1,
      action: 'accept',
      officeVersion: 3,
    });
    // Nothing was saved: nothing to undo, and the photo stays the one shown.
    expect(store.getState().lastReview).toBeNull();
    expect(store.getState().selectedId).toBe(1);
    store.getState().stop();
  });
});
