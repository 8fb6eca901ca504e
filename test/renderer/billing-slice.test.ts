// The billing slice against a bridge that answers the billing channels from a small list of
// meters: what each action sends, and what the window shows afterwards (the sheet's steps, the
// meter list and its filter, walking-order review, the clerk's entries, the exports).
import { describe, expect, it, vi } from 'vitest';
import type {
  BillingOverview,
  MeterRow,
  Result,
  SheetChoice,
  SheetLoadView,
  SheetPreview,
} from '../../common/ipc';
import { createAppStore } from '../../renderer/store/create-store';
import { doneJob, stubBridge, type StubBridge } from './stub-bridge';
import { meterRow } from './meter-rows';

const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });

const row = meterRow;

const preview: SheetPreview = {
  path: '/sheets/route.csv',
  name: 'route.csv',
  encoding: 'utf-8',
  delimiter: ';',
  encodingGuess: null,
  headers: ['Gerät Nr.', 'Konto'],
  sampleRows: [['A1', 'K1']],
  mapping: { version: 1, fields: { account: 'Konto' } },
  mappingSource: 'suggested',
  unmappedRequired: ['meterId'],
  dateOrderHint: null,
};

interface Fake {
  bridge: StubBridge;
  rows: MeterRow[];
  sent: Record<string, unknown[]>;
  loadReply: SheetLoadView;
  choice: SheetChoice;
  /** Runs on every overview read (the test's clock). */
  onOverview: () => void;
}

function fake(): Fake {
  const base = stubBridge([doneJob(1, '00001.5'), doneJob(2, '00002.5'), doneJob(3, '00003.5')]);
  const f: Fake = {
    bridge: base,
    rows: [row('A1', 1, 'flagged', 1), row('A2', 2, 'confirmed', 2), row('A3', 3, 'flagged', 3)],
    sent: {},
    loadReply: {
      ok: true,
      meters: 3,
      added: 3,
      updated: 0,
      warnings: [],
      encodingGuess: null,
      matched: 3,
      unmatched: 0,
    },
    choice: { canceled: false, preview },
    onOverview: () => undefined,
  };
  const overview = (): BillingOverview => ({
    sheets: [{ name: 'route.csv', meters: f.rows.length, loadedAt: '' }],
    pattern: null,
    routes: [],
    totals: {
      meters: f.rows.length,
      confirmed: f.rows.filter((r) => r.state === 'confirmed').length,
      not_checked: f.rows.filter((r) => r.state === 'not_checked').length,
      flagged: f.rows.filter((r) => r.state === 'flagged').length,
      skipped: 0,
      pending: 0,
      missing: 0,
      photosToReview: 0,
    },
    unmatchedPhotos: 0,
    twoPhotos: 0,
    notSent: 0,
    flaggedMeters: f.rows.filter((r) => r.state === 'flagged').map((r) => r.meterId ?? ''),
    templateJson: null,
  });
  const note = (channel: string, request: unknown): void => {
    (f.sent[channel] ??= []).push(request);
  };
  const answers: Record<string, (request: never) => Promise<Result<unknown>>> = {
    billingOverview: () => {
      note('billingOverview', {});
      f.onOverview();
      return ok(overview());
    },
    listMeters: (q: { filter: string; search?: string }) => {
      note('listMeters', q);
      const rows = f.rows.filter((r) => q.filter === 'all' || r.state === q.filter);
      return ok({ rows, total: rows.length });
    },
    chooseRouteSheet: () => ok(f.choice),
    loadRouteSheet: (r: unknown) => {
      note('loadRouteSheet', r);
      return ok(f.loadReply);
    },
    recordSkip: (r: { meterId: string }) => {
      note('recordSkip', r);
      return Promise.resolve({
        ok: false,
        error: { code: 'invalid_request', message: 'Say in a note why.' },
      } as const);
    },
    exportBilling: (r: unknown) => {
      note('exportBilling', r);
      return ok({
        canceled: false,
        path: '/out/billing.csv',
        rows: 3,
        readings: 2,
        skipped: 1,
        unmatched: 0,
        replaced: 0,
      });
    },
    meterDetail: () => ok(null),
  };
  f.bridge = new Proxy(base, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && prop in answers) return answers[prop];
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return f;
}

describe('the billing slice', () => {
  it('reads the overview and the list; a filter asks for its meters', async () => {
    const f = fake();
    const store = createAppStore(f.bridge, { refreshMs: 10 });
    await store.getState().refreshBilling();
    expect(store.getState().billing?.totals.flagged).toBe(2);
    expect(store.getState().meterPage?.total).toBe(3);
    await store.getState().setMeterFilter('flagged', ' A3 ');
    expect(f.sent.listMeters?.at(-1)).toEqual({ filter: 'flagged', search: 'A3' });
    expect(store.getState().meterPage?.rows.map((r) => r.meterId)).toEqual(['A1', 'A3']);
  });

  it('route sheet: mapping step, then the clerk’s mapping is sent; problems keep the preview', async () => {
    const f = fake();
    const store = createAppStore(f.bridge, { refreshMs: 10 });
    await store.getState().chooseRouteSheet();
    expect(store.getState().sheetStep).toEqual({ kind: 'mapping', preview });

    f.loadReply = {
      ok: false,
      problems: [
        {
          row: 4,
          column: 'A',
          header: 'Gerät Nr.',
          code: 'duplicate_meter_id',
          params: { id: 'A1', firstRow: 2, firstId: 'A1' },
        },
      ],
      moreProblems: 2,
    };
    const mapping = { version: 1 as const, fields: { meterId: 'Gerät Nr.', account: 'Konto' } };
    await store.getState().loadRouteSheet(mapping);
    expect(f.sent.loadRouteSheet?.[0]).toEqual({
      path: preview.path,
      mappingJson: JSON.stringify(mapping),
    });
    const step = store.getState().sheetStep;
    expect(step.kind === 'problems' && step.preview === preview && step.moreProblems).toBe(2);

    f.loadReply = { ...(fake().loadReply as SheetLoadView & { ok: true }) };
    await store.getState().loadRouteSheet(mapping);
    expect(store.getState().sheetStep.kind).toBe('loaded');
    store.getState().closeSheetStep();
    expect(store.getState().sheetStep.kind).toBe('idle');
  });

  it('a sheet loaded again reads the shown photo anew: its check may have changed', async () => {
    const f = fake();
    const store = createAppStore(f.bridge, { refreshMs: 10 });
    store.getState().select(2);
    await store.getState().chooseRouteSheet();
    const before = f.bridge.calls.filter((c) => c.channel === 'jobDetail').length;
    await store.getState().loadRouteSheet({ version: 1, fields: { meterId: 'Gerät Nr.' } });
    const after = f.bridge.calls.filter((c) => c.channel === 'jobDetail');
    expect(after.length).toBeGreaterThan(before);
    expect(after.at(-1)?.request).toEqual({ id: 2 });
  });

  it('a sheet the backend cannot read shows its problems without a mapping step', async () => {
    const f = fake();
    f.choice = {
      canceled: false,
      path: '/sheets/book.xlsx',
      problems: [
        { row: null, column: null, header: null, code: 'not_csv', params: { format: 'xlsx' } },
      ],
      moreProblems: 0,
    };
    const store = createAppStore(f.bridge, { refreshMs: 10 });
    await store.getState().chooseRouteSheet();
    expect(store.getState().sheetStep).toMatchObject({
      kind: 'problems',
      name: 'book.xlsx',
      preview: null,
    });
  });

  it('walking-order review goes through the flagged meters by sequence, then stops', async () => {
    const f = fake();
    const store = createAppStore(f.bridge, { refreshMs: 10 });
    await store.getState().startWalkingReview();
    expect(store.getState().walking).toBe(true);
    expect(store.getState().selectedId).toBe(1);
    // The clerk accepted A1: it leaves the flagged list; A3 is next in walking order.
    f.rows[0] = row('A1', 1, 'confirmed', 1);
    store.setState({ meterOfDetail: { meter: { meterId: 'A1' } } as never });
    expect(store.getState().meterAlone).toBe(false);
    expect(await store.getState().nextInWalkingOrder()).toBe(true);
    expect(store.getState().selectedId).toBe(3);
    f.rows[2] = row('A3', 3, 'confirmed', 3);
    store.setState({ meterOfDetail: { meter: { meterId: 'A3' } } as never });
    expect(await store.getState().nextInWalkingOrder()).toBe(false);
    expect(store.getState().walking).toBe(false);
  });

  it('a meter without a photo opens alone; a photo of a meter shows it with the photo', async () => {
    const f = fake();
    const store = createAppStore(f.bridge, { refreshMs: 10 });
    store.getState().openMeterRow(row('A9', 9, 'missing', null));
    expect(store.getState()).toMatchObject({ selectedId: null, meterAlone: true });
    store.getState().closeMeterAlone();
    expect(store.getState().meterAlone).toBe(false);
    store.getState().openMeterRow(row('A9', 9, 'missing', null));
    store.getState().openMeterRow(row('A1', 1, 'flagged', 1));
    await store.getState().showMeterOfJob('A1');
    expect(store.getState()).toMatchObject({ selectedId: 1, meterAlone: false });
  });

  it('a skip without a note sends none; the backend’s refusal comes back as the error', async () => {
    const f = fake();
    const store = createAppStore(f.bridge, { refreshMs: 10 });
    const failed = await store.getState().recordSkip('A1', 'other', '   ');
    expect(f.sent.recordSkip?.[0]).toEqual({ meterId: 'A1', code: 'other' });
    expect(failed).toMatchObject({ ok: false, error: { message: 'Say in a note why.' } });
  });

  it('the billing export sends the template and the scope and answers what was written', async () => {
    const f = fake();
    const store = createAppStore(f.bridge, { refreshMs: 10 });
    const done = await store.getState().exportBilling('{"version":1}', 'finished');
    expect(f.sent.exportBilling?.[0]).toEqual({ templateJson: '{"version":1}', scope: 'finished' });
    expect(done).toMatchObject({ ok: true, value: { readings: 2 } });
    expect(store.getState().busy).toBe(false);
  });

  it('after pushes, waits ten times as long as the last read took before reading again', async () => {
    vi.useFakeTimers();
    try {
      const f = fake();
      let clock = 0;
      // Each read of the overview costs 500 ms of the backend's time.
      f.onOverview = () => {
        clock += 500;
      };
      const store = createAppStore(f.bridge, { refreshMs: 10, now: () => clock });
      const stop = store.getState().watchBilling();
      await vi.advanceTimersByTimeAsync(0);
      const reads = (): number => f.sent.billingOverview?.length ?? 0;
      expect(reads()).toBe(1);
      f.bridge.emit({ appChanged: true });
      f.bridge.emit({ appChanged: true });
      await vi.advanceTimersByTimeAsync(4_900);
      expect(reads()).toBe(1);
      await vi.advanceTimersByTimeAsync(200);
      expect(reads()).toBe(2);
      stop();
      f.bridge.emit({ appChanged: true });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(reads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
