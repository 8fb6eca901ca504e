// @vitest-environment happy-dom
// Review between clerks in the window (issue 23), the window's part on a stub bridge: the meter's
// office part says who reviews it with the minutes left and its history, reads itself again when
// a push names the meter, and gives the lease up when the clerk moves on; walking review in office
// mode opens the meter the backend leased, not the first flagged one; a refused decision says who
// changed the meter and what, in German too, as does a photo's review refused in the office (its
// Confirm sends the version seen). The backend's side: test/office/window-review and photo-review.
import { cleanup, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeterRow, OfficeChangedBy, OfficeMeterView } from '../../common/ipc';
import { officeRefusalWords } from '../../renderer/billing/office-review-words';
import { HandEntry } from '../../renderer/billing/meter-entry';
import { OfficeReviewPanel } from '../../renderer/billing/office-review-panel';
import { ReviewRefusal } from '../../renderer/billing/review-refusal';
import { ReviewBox } from '../../renderer/components/review-box';
import { createI18n } from '../../renderer/i18n/i18n';
import { createAppStore, type AppStore } from '../../renderer/store/create-store';
import { StoreProvider } from '../../renderer/store/context';
import { meterDetail } from './meter-detail';
import { meterRow } from './meter-rows';
import { answeringBridge } from './answering-bridge';
import { CONNECTED_OFFICE, doneJob, stubBridge, type StubBridge } from './stub-bridge';

afterEach(cleanup);

const MINUTE = 60_000;

/** The stub bridge with office answers of the test's choosing; every call is recorded. */
function officeBridge(answers: Record<string, (request: never) => unknown>): StubBridge {
  const base = stubBridge(
    [
      doneJob(1, '00001.5', { toReview: true, meterId: 'A1' }),
      doneJob(3, '00003.5', { toReview: true, meterId: 'A3' }),
    ],
    { office: CONNECTED_OFFICE },
  );
  return answeringBridge(base, answers);
}

/** The office part of meter A1's detail, in English. */
function renderPanel(store: AppStore): RenderResult {
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <StoreProvider store={store}>
        <OfficeReviewPanel meterId="A1" />
      </StoreProvider>
    </I18nextProvider>,
  );
}

const shown = (patch: Partial<Extract<OfficeMeterView, { state: 'shown' }>>): OfficeMeterView => ({
  state: 'shown',
  meterId: 'A1',
  version: 3,
  reviewer: null,
  decidedElsewhere: null,
  history: [],
  readElsewhere: [],
  ...patch,
});

/** Ben's confirmation at 10:42 that made a change of this desk come too late. */
const BEN_CONFIRMED: OfficeChangedBy = {
  clerk: 'ben',
  desk: 'ben@pc-2',
  kind: 'confirm',
  reading: '01234',
  at: new Date(2026, 10, 27, 10, 42).getTime(),
  until: null,
};

describe('the meter in the office', () => {
  it('says who reviews it and its history, follows a push, and gives the lease up', async () => {
    const until = Date.now() + 12 * MINUTE - 1_000;
    let view = shown({
      reviewer: { desk: 'ben@pc-2', clerk: 'ben', leaseUntil: until, mine: false },
    });
    const bridge = officeBridge({
      officeShowMeter: () => Promise.resolve({ ok: true, value: view }),
    });
    const store = createAppStore(bridge);
    await store.getState().start();
    const { unmount } = renderPanel(store);
    expect((await screen.findByTestId('office-reviewer')).textContent).toContain(
      'Being reviewed by ben@pc-2, 12 min left',
    );
    expect(screen.getByText('No decisions in the office yet.')).toBeTruthy();

    // Ben decides: the push names the meter and the part reads it again.
    const bens = {
      kind: 'confirm',
      clerk: 'ben',
      desk: 'ben@pc-2',
      reading: '01234',
      skipCode: null,
      decidedAt: Date.now(),
    } as const;
    view = shown({ decidedElsewhere: bens, history: [bens] });
    bridge.emit({ officeChange: { meterNumbers: ['A1'], resync: false } });
    expect((await screen.findByTestId('office-decided-elsewhere')).textContent).toContain(
      'Decided at ben@pc-2: confirmed 01234',
    );
    expect(screen.queryByTestId('office-reviewer')).toBeNull();

    unmount();
    await waitFor(() => {
      expect(bridge.calls.filter((c) => c.channel === 'officeShowMeter')).toEqual([
        { channel: 'officeShowMeter', request: { meterId: 'A1' } },
        { channel: 'officeShowMeter', request: { meterId: 'A1' } },
        { channel: 'officeShowMeter', request: { meterId: null } },
      ]);
    });
    store.getState().stop();
  });

  it('asks again when the other clerk’s lease ran out without a word, and takes the meter', async () => {
    let view = shown({
      reviewer: { desk: 'ben@pc-2', clerk: 'ben', leaseUntil: Date.now() - 1, mine: false },
    });
    const bridge = officeBridge({
      officeShowMeter: () => {
        const answer = view;
        view = shown({
          reviewer: {
            desk: 'anna@pc-7',
            clerk: 'anna',
            leaseUntil: Date.now() + 20 * MINUTE,
            mine: true,
          },
        });
        return Promise.resolve({ ok: true, value: answer });
      },
    });
    const store = createAppStore(bridge);
    await store.getState().refreshSnapshot();
    renderPanel(store);
    expect((await screen.findByTestId('office-reviewer')).textContent).toContain(
      'You are reviewing this meter: 20 min left',
    );
  });

  it('walks to the meter the office leased to this desk, past another clerk’s', async () => {
    const rows: MeterRow[] = [meterRow('A1', 280, 'flagged', 1), meterRow('A3', 300, 'flagged', 3)];
    const bridge = officeBridge({
      listMeters: () => Promise.resolve({ ok: true, value: { rows, total: rows.length } }),
      officeWalkNext: () => Promise.resolve({ ok: true, value: { inOffice: true, meterId: 'A3' } }),
    });
    const store = createAppStore(bridge);
    await store.getState().refreshSnapshot();
    await store.getState().startWalkingReview();
    expect(store.getState().selectedId).toBe(3);
    expect(bridge.calls.find((c) => c.channel === 'officeWalkNext')?.request).toEqual({
      meterIds: ['A1', 'A3'],
    });
  });

  it('makes a reading typed by hand in the office first, and says why it was refused', async () => {
    const bridge = officeBridge({
      decideMeter: () =>
        Promise.resolve({ ok: true, value: { done: false, changedBy: BEN_CONFIRMED } }),
    });
    const store = createAppStore(bridge);
    await store.getState().refreshSnapshot();
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <StoreProvider store={store}>
          <HandEntry meter={meterDetail('A1').meter} readDay="2026-11-20" />
        </StoreProvider>
      </I18nextProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reading from the meter'), '00150.5{Enter}');
    expect(
      await screen.findByText('ben@pc-2 confirmed 01234 at 10:42; your change was not saved.'),
    ).toBeTruthy();
    expect(bridge.calls.filter((c) => c.channel === 'typeReading')).toEqual([]);
    expect(bridge.calls.find((c) => c.channel === 'decideMeter')?.request).toEqual({
      meterId: 'A1',
      decision: { kind: 'typed', reading: '00150.5', readAt: '2026-11-20' },
    });
  });

  it('says who changed the meter and what, when the office refused a decision', () => {
    const changedBy = BEN_CONFIRMED;
    const at = changedBy.at;
    const words = (lang: 'en' | 'de', c: OfficeChangedBy = changedBy): string => {
      const i18n = createI18n(lang);
      return officeRefusalWords(
        c,
        i18n.getFixedT(lang, 'officeReview'),
        i18n.getFixedT(lang, 'billing'),
        lang,
      );
    };
    expect(words('en')).toBe('ben@pc-2 confirmed 01234 at 10:42; your change was not saved.');
    expect(words('de')).toBe(
      'ben@pc-2 bestätigte 01234 um 10:42; Ihre Änderung wurde nicht gespeichert.',
    );
    // Issue 30: another clerk holds the meter's review lease; nothing changed yet.
    const held = { ...changedBy, kind: null, reading: null, until: at + 16 * 60_000 };
    expect(words('en', held)).toBe(
      'ben@pc-2 is reviewing this meter until 10:58; your change was not saved. Ask them, or decide after that.',
    );
    expect(words('de', held)).toBe(
      'ben@pc-2 prüft diesen Zähler bis 10:58; Ihre Änderung wurde nicht gespeichert. Sprechen Sie sich ab oder entscheiden Sie danach.',
    );
  });
});

/** A store showing this photo and its meter's office view. */
async function photoShown(bridge: StubBridge, id: number, meterId: string): Promise<AppStore> {
  const store = createAppStore(bridge);
  await store.getState().start();
  store.getState().select(id, null, true);
  await store.getState().loadDetail(id);
  await store.getState().showOfficeMeter(meterId);
  return store;
}

describe("a photo's review refused in the office", () => {
  it.each([
    ['en', 'ben@pc-2 confirmed 01234 at 10:42; your change was not saved.'],
    ['de', 'ben@pc-2 bestätigte 01234 um 10:42; Ihre Änderung wurde nicht gespeichert.'],
  ] as const)('says who changed the meter and what in the review box (%s)', async (lang, words) => {
    const bridge = officeBridge({
      officeShowMeter: () => Promise.resolve({ ok: true, value: shown({}) }),
      review: () => Promise.resolve({ ok: true, value: { done: false, changedBy: BEN_CONFIRMED } }),
    });
    const store = await photoShown(bridge, 1, 'A1');
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

describe("a photo's review undone in office mode", () => {
  it('names the version its review was made on, after the clerk moved to another meter', async () => {
    const reviewed = doneJob(1, '00001.5', {
      meterId: 'A1',
      reviewAction: 'accepted',
      reviewedAt: '2026-11-27T10:42:00.000Z',
    });
    const changedBy = {
      clerk: 'ben',
      desk: 'ben@pc-2',
      kind: 'skip',
      reading: null,
      at: 0,
      until: null,
    };
    const bridge = officeBridge({
      officeShowMeter: (request: { meterId: string | null }) =>
        Promise.resolve({
          ok: true,
          value: shown({
            meterId: request.meterId ?? '',
            version: request.meterId === 'A1' ? 3 : 7,
          }),
        }),
      review: () => Promise.resolve({ ok: true, value: { done: true, job: reviewed } }),
      undoReview: () => Promise.resolve({ ok: true, value: { done: false, changedBy } }),
    });
    const store = await photoShown(bridge, 1, 'A1');
    expect((await store.getState().review(1, { action: 'accept' }, false)).ok).toBe(true);
    // The clerk moves on to the other meter's photo, then presses Ctrl+Z.
    store.getState().select(3, null, true);
    await store.getState().loadDetail(3);
    await store.getState().showOfficeMeter('A3');
    await store.getState().undoReview();
    expect(bridge.calls.find((c) => c.channel === 'undoReview')?.request).toMatchObject({
      id: 1,
      officeVersion: 3,
    });
    store.getState().stop();
  });

  it('names the photos other desks read, with their reading and date (issue 30, item 8)', async () => {
    const view = shown({
      readElsewhere: [
        {
          desk: 'ben@pc-2',
          fileName: 'R/A1.jpg',
          reading: '01234.5',
          readAt: '2026-11-22T09:00:00.000Z',
        },
        { desk: 'carl@pc-3', fileName: 'A1-b.jpg', reading: '01236', readAt: null },
      ],
    });
    const bridge = officeBridge({
      officeShowMeter: () => Promise.resolve({ ok: true, value: view }),
    });
    const store = createAppStore(bridge);
    await store.getState().start();
    renderPanel(store);
    const lines = await screen.findByTestId('office-read-elsewhere');
    expect([...lines.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Read at ben@pc-2: 01234.5, photo of 22 Nov 2026 (the photo is at that desk)',
      'Read at carl@pc-3: 01236 (the photo is at that desk)',
    ]);
    store.getState().stop();
  });
});
