// A check that could not run is never a pass (issue 22, item 1): a reading whose rules lacked an
// input (no previous reading or date, no average daily use, no register set-up) is "not checked",
// a state of its own that billing never uses without a person.
import { describe, expect, it } from 'vitest';
import { meterOutcome, type MeterPhoto } from '../../common/billing/meter-outcome';
import { checkReading } from '../../common/billing/plausibility';
import { checkReasons } from '../../common/billing/plausibility-english';
import { checksOffWithout } from '../../common/billing/plausibility-inputs';
import type { PlausibilityInput } from '../../common/billing/plausibility-types';
import type { ReadingCheck } from '../../common/billing/reading-check';

/** The trial's case: 7,100 m³ above the previous reading against 0.35 m³/day. */
const TRIAL: PlausibilityInput = {
  reading: '07600',
  readAt: '2026-11-20T09:00:00',
  registerDigits: 5,
  registerDecimals: 0,
  previous: { reading: '00500', readAt: '2026-08-20' },
  avgDailyUse: 0.35,
};

describe('checkReading: inputs the rules lack', () => {
  it('with every input, the trial reading is an error (the daily jump catches it)', () => {
    const out = checkReading(TRIAL);
    expect(out).toMatchObject({ level: 'error', checkLevel: 'error', unchecked: [] });
    expect(out.useOnBill).toBe(false);
  });

  it('without the previous read date it is not checked, never plausible', () => {
    const out = checkReading({ ...TRIAL, previous: { reading: '00500', readAt: null } });
    expect(out.level).toBe('ok');
    expect(out).toMatchObject({ checkLevel: 'not_checked', unchecked: ['previous_date'] });
    expect(out.useOnBill).toBe(false);
  });

  it.each([
    ['avg_daily_use', { avgDailyUse: null }],
    ['register', { registerDigits: null }],
    ['previous_reading', { previous: null }],
  ] as const)('without %s it is not checked', (input, patch) => {
    const out = checkReading({ ...TRIAL, reading: '00530', ...patch });
    expect(out.unchecked).toEqual([input]);
    expect(out.checkLevel).toBe('not_checked');
    expect(out.useOnBill).toBe(false);
  });

  it('a plausible reading with every input passes', () => {
    const out = checkReading({ ...TRIAL, reading: '00532' });
    expect(out).toMatchObject({ checkLevel: 'ok', unchecked: [], useOnBill: true });
  });

  it('the English reasons name what was missing and which checks could not run', () => {
    const text = checkReasons({ flagged: [], dateFlags: [], unchecked: ['previous_date'] });
    expect(text).toBe(
      'Not checked (no previous read date): the high/low, daily jump, rollover, misread signature checks could not run; a person must confirm the reading.',
    );
  });

  it('the mapping step learns from the same table which checks a column switches off', () => {
    expect(checksOffWithout('previousReadAt')).toEqual([
      'high_low',
      'daily_jump',
      'rollover',
      'misread',
    ]);
    expect(checksOffWithout('address')).toEqual([]);
  });
});

describe('meterOutcome: a not-checked reading', () => {
  const check: ReadingCheck = {
    level: 'not_checked',
    unchecked: ['previous_date'],
    useOnBill: false,
    consumption: 7100,
    rolledOver: false,
    baseline: { reading: '00500', readAt: null },
    flagged: [],
    dateFlags: [],
    dateNote: null,
  };
  const photo: MeterPhoto = {
    jobId: 1,
    state: 'done',
    sha256: 'a',
    relPath: '0001.jpg',
    aiReading: '07600',
    reviewAction: null,
    reviewedReading: null,
    plausibility: 'not_checked',
    check,
    toReview: false,
    readAt: '2026-11-20T09:00:00',
    taskId: 't1',
  };
  const entry = { skipCode: null, skipNote: null, typedReading: null, typedAt: null };

  it('is its own state, not confirmed, with the reason', () => {
    const out = meterOutcome(entry, [photo]);
    expect(out).toMatchObject({ state: 'not_checked', confirmation: null, reading: '07600' });
    expect(out.note).toMatch(/^Not checked \(no previous read date\)/);
  });

  it('is confirmed once a person accepted it', () => {
    const out = meterOutcome(entry, [{ ...photo, reviewAction: 'accepted' }]);
    expect(out.state).toBe('confirmed');
  });
});
