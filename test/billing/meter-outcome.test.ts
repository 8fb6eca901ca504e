// Where a meter stands, from its photos and the clerk's entry: one case per rule of
// common/billing/meter-outcome.ts.
import { describe, expect, it } from 'vitest';
import { meterOutcome, type MeterEntry, type MeterPhoto } from '../../common/billing/meter-outcome';
import type { ReadingCheck } from '../../common/billing/reading-check';

const NONE: MeterEntry = { skipCode: null, skipNote: null, typedReading: null, typedAt: null };

function check(level: 'ok' | 'warning' | 'error'): ReadingCheck {
  return {
    level,
    useOnBill: level !== 'error',
    consumption: 15,
    rolledOver: false,
    baseline: null,
    flagged: [],
    dateFlags: [],
    dateNote: null,
  };
}

function photo(jobId: number, patch: Partial<MeterPhoto> = {}): MeterPhoto {
  return {
    jobId,
    state: 'done',
    sha256: `sha${String(jobId)}`,
    relPath: `p${String(jobId)}.jpg`,
    aiReading: `0001${String(jobId)}.5`,
    reviewAction: null,
    reviewedReading: null,
    plausibility: 'ok',
    check: check('ok'),
    toReview: false,
    readAt: `2026-11-0${String(jobId)}T10:00:00`,
    taskId: `t${String(jobId)}`,
    ...patch,
  };
}

describe('meterOutcome', () => {
  it.each([
    ['no photo, nothing recorded', NONE, [], 'missing', null, null],
    [
      'a photo on its way',
      NONE,
      [photo(1, { state: 'submitted', aiReading: null })],
      'pending',
      null,
      null,
    ],
    ['a plausible reading', NONE, [photo(1)], 'confirmed', '00011.5', 'auto_accepted'],
    [
      'a flagged reading',
      NONE,
      [photo(1, { plausibility: 'warning', check: check('warning'), toReview: true })],
      'flagged',
      '00011.5',
      null,
    ],
    [
      'a flagged reading a person accepted',
      NONE,
      [photo(1, { plausibility: 'error', reviewAction: 'accepted' })],
      'confirmed',
      '00011.5',
      'confirmed',
    ],
    [
      'a corrected reading',
      NONE,
      [photo(1, { reviewAction: 'corrected', reviewedReading: '00012.0' })],
      'confirmed',
      '00012.0',
      'corrected',
    ],
    [
      'a historical result not yet reviewed',
      NONE,
      [photo(1, { toReview: true })],
      'flagged',
      '00011.5',
      null,
    ],
    [
      'a skip code wins over photos',
      { ...NONE, skipCode: 'no_access' as const, skipNote: 'gate locked' },
      [photo(1)],
      'skipped',
      null,
      null,
    ],
    [
      'a typed reading',
      { ...NONE, typedReading: '00099.1', typedAt: '2026-11-02T00:00:00Z' },
      [photo(1, { state: 'failed', aiReading: null })],
      'confirmed',
      '00099.1',
      'typed',
    ],
    [
      'only failed photos',
      NONE,
      [photo(1, { state: 'failed', aiReading: null })],
      'missing',
      null,
      null,
    ],
  ] as const)('%s', (_name, entry, photos, state, reading, confirmation) => {
    const out = meterOutcome(entry, photos);
    expect(out.state).toBe(state);
    expect(out.reading).toBe(reading);
    expect(out.confirmation).toBe(confirmation);
  });

  it('byte-identical copies are one reading: the original is chosen, the copies counted', () => {
    const out = meterOutcome(NONE, [
      photo(1, { sha256: 'same' }),
      photo(2, { sha256: 'same', readAt: '2026-11-09T10:00:00' }),
    ]);
    expect(out.state).toBe('confirmed');
    expect(out.chosen?.jobId).toBe(1);
    expect(out.copies).toBe(1);
    expect(out.others).toBe(0);
  });

  it('two different photos of one meter are flagged until a person confirms one', () => {
    const two = [photo(1), photo(2)];
    const flagged = meterOutcome(NONE, two);
    expect(flagged.state).toBe('flagged');
    expect(flagged.note).toMatch(/2 different photos/);
    expect(flagged.chosen?.jobId).toBe(2); // the newest is proposed
    const settled = meterOutcome(NONE, [photo(1, { reviewAction: 'accepted' }), photo(2)]);
    expect(settled.state).toBe('confirmed');
    expect(settled.chosen?.jobId).toBe(1);
    expect(settled.others).toBe(1);
  });

  it('a missing meter says why: no photo, or photos that could not be read', () => {
    expect(meterOutcome(NONE, []).note).toBe('No photo of this meter.');
    expect(
      meterOutcome(NONE, [
        photo(1, { state: 'failed', aiReading: null }),
        photo(2, { state: 'failed', aiReading: null }),
      ]).note,
    ).toMatch(/its 2 photos could not be read/);
  });
});
