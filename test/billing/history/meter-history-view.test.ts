// A meter's history as its detail shows it (issue 33, item 8): periods with who read the reading
// that closed each, estimates and exchanges marked, the last 24 periods kept; and the meter's
// detail in a real queue carries it once the history is imported through the action layer.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryReading } from '../../../common/billing/history-types';
import { CHART_PERIODS, meterHistoryOf } from '../../../common/billing/meter-history-view';
import { meterDetail } from '../../../main/backend/handlers/billing-meters';
import { DECISIONS_NOW, openDecisionQueue, type DecisionQueue } from '../decision-queue';

const r = (readAt: string, reading: string, readType: HistoryReading['readType'] = 'actual') => ({
  readAt,
  reading,
  readType,
});

let queue: DecisionQueue | undefined;
afterEach(() => {
  queue?.close();
  queue = undefined;
});

describe("a meter's history for its chart", () => {
  it('marks who closed each period, the estimates between and an exchange', () => {
    const view = meterHistoryOf([
      r('2026-03-01', '00150', 'customer'),
      r('2026-01-01', '00100'),
      r('2026-02-01', '00130', 'estimated'),
      r('2026-04-01', '00170', 'removal'),
      r('2026-04-01', '00000', 'install'),
      r('2026-05-01', '00012'),
    ]);
    expect(view?.periods).toEqual([
      { from: '2026-01-01', to: '2026-03-01', days: 59, used: 50, closedBy: 'customer' },
      { from: '2026-03-01', to: '2026-04-01', days: 31, used: 20, closedBy: 'removal' },
      { from: '2026-04-01', to: '2026-05-01', days: 30, used: 12, closedBy: 'actual' },
    ]);
    expect(view?.estimates).toEqual(['2026-02-01']);
    expect(view?.exchanges).toEqual(['2026-04-01']);
    expect(meterHistoryOf([])).toBeNull();
  });

  it('keeps the last 24 periods', () => {
    const readings = Array.from({ length: 40 }, (_, i) => {
      const month = new Date(Date.UTC(2023, i, 15)).toISOString().slice(0, 10);
      return r(month, String(100 + i * 10).padStart(5, '0'));
    });
    const view = meterHistoryOf(readings);
    expect(view?.periods).toHaveLength(CHART_PERIODS);
    expect(view?.periods.at(-1)?.to).toBe(readings.at(-1)?.readAt);
  });

  it("is in the meter's detail once its history is imported", async () => {
    queue = openDecisionQueue('meterdesk-history-view-');
    const { store, actions, dir } = queue;
    expect(await queue.loadSheet(['M1;R;10;5;0;00180;2026-10-23;0'])).toBe(true);
    expect(meterDetail(store, 'M1', DECISIONS_NOW)?.history).toBeNull();
    const rows = ['meter_id,read_at,reading,read_type'];
    for (let m = 1; m <= 10; m++) {
      rows.push(
        `M1,2026-${String(m).padStart(2, '0')}-23,${String(100 + m * 8).padStart(5, '0')},actual`,
      );
    }
    const file = join(dir, 'history.csv');
    writeFileSync(file, rows.join('\n'));
    await actions.importHistory(file);
    const history = meterDetail(store, 'M1', DECISIONS_NOW)?.history;
    expect(history?.periods).toHaveLength(9);
    expect(history?.periods[0]).toMatchObject({ from: '2026-01-23', used: 8, closedBy: 'actual' });
  });
});
