// A meter exchange booked as billing books it (issue 33, item 7): the new meter's number and
// serial, the old meter's removal reading, the new one's installation reading and the day, each
// checked with a coded refusal, kept with the decision and said in the export's reasons. Made
// through the action layer on a real queue file.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decisionProblemEnglish } from '../../common/billing/decision-english';
import type { DecisionRequest } from '../../common/billing/decision-rules';
import { exchangeRows } from '../../common/billing/exchange-rows';
import { parseDecision, type MeterDecision } from '../../common/billing/meter-decision';
import { officeRouteRows } from '../../common/billing/office-meter-row';
import { DEFAULT_PLAUSIBILITY_CONFIG } from '../../common/billing/plausibility-config';
import type { QueueActions } from '../../main/actions/queue-actions';
import { officeMeterDecision } from '../../main/actions/office-decisions';
import { billingRows, meterReading } from '../../main/billing/meter-readings';
import type { Store } from '../../main/store/store';
import { DECISIONS_NOW, openDecisionQueue, type DecisionQueue } from './decision-queue';

let queue: DecisionQueue;
let store: Store;
let actions: QueueActions;
let sha = 0;

beforeEach(async () => {
  queue = openDecisionQueue('meterdesk-exchange-');
  ({ store, actions } = queue);
  const loaded = await queue.loadSheet([
    'M1;R;10;5;1;00100,0;2026-10-23;1,5',
    'M2;S;20;5;1;00200,0;2026-10-23;2',
  ]);
  expect(loaded).toBe(true);
});
afterEach(() => {
  queue.close();
});

function photo(relPath: string, reading: string, readAt: string): Promise<number> {
  return queue.readPhoto(relPath, reading, readAt, `sha-${String(++sha)}`.padEnd(64, '0'));
}

const exchange = (
  over: Partial<DecisionRequest & { kind: 'exchange' }> = {},
): DecisionRequest & { kind: 'exchange' } => ({
  kind: 'exchange',
  newMeter: 'N1',
  newSerial: 'SN-778',
  exchangedAt: '2026-11-20',
  oldFinal: '00130.0',
  newStart: '00002.0',
  ...over,
});

const refusal = async (over: Partial<DecisionRequest & { kind: 'exchange' }>) => {
  const answer = await actions.decideMeter('M1', exchange(over));
  return answer !== null && 'problem' in answer ? answer.problem : answer;
};

describe('an exchange booked with the new meter and the day', () => {
  let photoId = 0;
  beforeEach(async () => {
    photoId = await photo('M1.jpg', '00012.0', '2026-11-22T09:00:00');
  });

  it('checks the photo over both meters: out of the review queue, back in when undone', async () => {
    const own = () => {
      const job = store.jobs.get(photoId);
      return [job?.plausibility, job?.toReview, job?.plausibilityDetail?.consumption];
    };
    expect(own()).toEqual(['error', true, null]);
    expect((await actions.decideMeter('M1', exchange()))?.ok).toBe(true);
    expect(own()).toEqual(['ok', false, 40]);
    expect((await actions.undoMeterDecision('M1'))?.ok).toBe(true);
    expect(own()).toEqual(['error', true, null]);
  });

  it('is kept with both meters, both readings and the day, and said so in the reasons', async () => {
    expect((await actions.decideMeter('M1', exchange({ newMeter: ' N1 ' })))?.ok).toBe(true);
    const decided = meterReading(store, 'M1');
    expect(decided?.meter.decision?.decision).toEqual({
      kind: 'exchange',
      newMeter: 'N1',
      newSerial: 'SN-778',
      exchangedAt: '2026-11-20',
      oldFinal: '00130.0',
      newStart: '00002.0',
      reading: null,
    });
    // (130 − 100) + (12 − 2) = 40, no error left from the photo's reading below the previous one.
    expect(decided?.outcome).toMatchObject({ state: 'confirmed', consumption: 40 });
    expect(decided?.outcome.check?.flagged).toEqual([]);
    expect(decided?.outcome.notes).toEqual([
      {
        code: 'exchange_booked',
        params: {
          oldMeter: 'M1',
          oldFinal: '00130.0',
          newMeter: 'N1',
          newSerial: 'SN-778',
          newStart: '00002.0',
          exchangedAt: '2026-11-20',
        },
      },
    ]);
    const row = [...billingRows(store)].find((r) => r.meterId === 'M1');
    expect(row?.reasons).toContain(
      'Meter exchanged on 2026-11-20: old meter M1 removed at 00130.0, new meter N1 (serial SN-778) installed at 00002.0.',
    );
  });

  it('refuses each wrong detail with its code, nothing kept', async () => {
    type Case = [Partial<DecisionRequest & { kind: 'exchange' }>, string, object];
    // A reading that does not fit M1's register (5 digits, 1 decimal), refused naming which.
    const tooLong = (which: 'oldFinal' | 'newStart' | 'reading', reading: string): Case => [
      { [which]: reading },
      'exchange_reading_digits',
      { which, reading, digits: 5, decimals: 1 },
    ];
    // A day the exchange cannot have been on, refused naming the day and what it clashes with.
    const onDay = (exchangedAt: string, code: string, clash: object): Case => [
      { exchangedAt },
      code,
      { exchangedAt, ...clash },
    ];
    const cases: Case[] = [
      [{ newMeter: '  ' }, 'new_meter_needed', {}],
      [{ newMeter: 'N\t1' }, 'new_meter_unusable', { newMeter: 'N\t1', max: 64 }],
      [{ newMeter: 'm1' }, 'new_meter_same', { newMeter: 'm1' }],
      [{ newMeter: 'm2' }, 'new_meter_taken', { newMeter: 'M2', route: 'S' }],
      [{ exchangedAt: '2026-02-30' }, 'exchange_day_needed', {}],
      onDay('2026-11-24', 'exchange_in_future', { today: '2026-11-23' }),
      onDay('2026-10-22', 'exchange_before_previous', { previousReadAt: '2026-10-23' }),
      onDay('2026-11-23', 'exchange_after_reading', { readAt: '2026-11-22' }),
      tooLong('oldFinal', '100130.0'),
      tooLong('newStart', '00002.05'),
      tooLong('reading', '123456'),
      [
        { oldFinal: '00090.0' },
        'old_final_below_previous',
        { oldFinal: '00090.0', previous: '00100.0' },
      ],
      [
        { newStart: '00020.0' },
        'reading_below_new_start',
        { reading: '00012.0', newStart: '00020.0' },
      ],
    ];
    for (const [over, code, params] of cases)
      expect([over, await refusal(over)]).toEqual([over, { code, params }]);
    expect(meterReading(store, 'M1')?.meter.decision).toBeNull();
  });

  it('says every refusal in English for the CLI and the logs', () => {
    expect(
      decisionProblemEnglish({ code: 'new_meter_taken', params: { newMeter: 'M2', route: 'S' } }),
    ).toBe('The new meter number M2 is already another meter on the route sheets (route S).');
    expect(
      decisionProblemEnglish({
        code: 'exchange_reading_digits',
        params: { which: 'newStart', reading: '00002.05', digits: 5, decimals: 1 },
      }),
    ).toBe(
      "The new meter's installation reading 00002.05 does not fit the register: at most 5 digits and 1 decimals.",
    );
  });
});

/** The exchange as the queue keeps it (what a desk publishes): the request with its reading. */
const kept = (over: Partial<DecisionRequest & { kind: 'exchange' }> = {}): MeterDecision => {
  const request = exchange(over);
  return { ...request, reading: request.reading ?? null };
};

describe('an exchange the office carries', () => {
  it("publishes every detail billing books, and another desk's parses back to the same", () => {
    const published = officeMeterDecision('M1', kept({ reading: '00012.0' }));
    expect(published).toMatchObject({ kind: 'exchange', meterNumber: 'M1', reading: '00012.0' });
    expect(JSON.parse(published.note ?? '')).toEqual({
      oldFinal: '00130.0',
      newStart: '00002.0',
      newMeter: 'N1',
      newSerial: 'SN-778',
      exchangedAt: '2026-11-20',
    });
    expect(
      parseDecision(
        'exchange',
        JSON.stringify({ ...JSON.parse(published.note ?? ''), reading: null }),
      ),
    ).toMatchObject({ newMeter: 'N1', newSerial: 'SN-778', exchangedAt: '2026-11-20' });
  });

  it("the office's rows from the published decision book the same three rows", () => {
    const published = officeMeterDecision('M1', kept());
    const [row] = officeRouteRows(
      [
        {
          meter: {
            meterId: 'M1',
            account: null,
            address: null,
            route: 'R',
            sequence: 10,
            registerDigits: 5,
            registerDecimals: 1,
            previousReading: '00100.0',
            previousReadingValue: 100,
            previousReadAt: '2026-10-23',
            avgDailyUse: 1.5,
          },
          readings: [
            {
              sha256: 'a'.repeat(64),
              fileName: 'M1.jpg',
              failed: false,
              reading: '00012.0',
              resultSource: 'ai',
              taskId: 't1',
              readAt: '2026-11-22T09:00:00',
              publishedAt: '2026-11-22T10:00:00.000Z',
            },
          ],
          decisions: [
            {
              kind: 'exchange',
              sha256: null,
              reading: published.reading ?? null,
              skipCode: null,
              note: published.note ?? null,
              decidedAt: '2026-11-23T10:00:00.000Z',
            },
          ],
        },
      ],
      DEFAULT_PLAUSIBILITY_CONFIG,
      new Date(DECISIONS_NOW),
    );
    expect(row).toBeDefined();
    const rows = row ? exchangeRows(row.row) : [];
    expect(rows.map((r) => [r.meterId, r.readType, r.reading, r.consumption])).toEqual([
      ['M1', 'removal', '00130.0', 30],
      ['N1', 'install', '00002.0', 0],
      ['N1', 'actual', '00012.0', 10],
    ]);
  });

  it("keeps an older desk's exchange without the new meter as it was", async () => {
    await photo('M1.jpg', '00012.0', '2026-11-22T09:00:00');
    const older = parseDecision(
      'exchange',
      JSON.stringify({ oldFinal: '00130.0', newStart: '00002.0', reading: null }),
    );
    expect(older).not.toBeNull();
    if (older) store.decisions.add('M1', older);
    expect(meterReading(store, 'M1')?.outcome).toMatchObject({
      consumption: 40,
      notes: [{ code: 'exchanged', params: { oldFinal: '00130.0', newStart: '00002.0' } }],
    });
  });
});
