// What the window may ask of a meter's decisions (common/ipc/decision-schemas.ts): the five kinds
// with their own fields only; readings as a clerk types them (either decimal mark, sent on with a
// dot), dates as local days; anything else refused before it reaches the backend.
import { describe, expect, it } from 'vitest';
import { decideMeterRequest } from '../../common/ipc/decision-schemas';

const ok = (decision: unknown) => decideMeterRequest.safeParse({ meterId: 'M1', decision });

describe('decideMeter requests', () => {
  it('take each kind with its fields, readings with a dot', () => {
    expect(ok({ kind: 'typed', reading: '00123,4', readAt: '2026-11-20' }).data?.decision).toEqual({
      kind: 'typed',
      reading: '00123.4',
      readAt: '2026-11-20',
    });
    const exchange = { kind: 'exchange', newMeter: 'N1', exchangedAt: '2026-11-20' };
    expect(ok({ ...exchange, oldFinal: '130', newStart: '2,0' }).data?.decision).toEqual({
      ...exchange,
      oldFinal: '130',
      newStart: '2.0',
    });
    expect(ok({ kind: 'reread', reason: 'unreadable', note: 'fogged' }).success).toBe(true);
    expect(ok({ kind: 'estimate' }).success).toBe(true);
    expect(ok({ kind: 'skip', code: 'dog' }).success).toBe(true);
  });

  it('refuse unknown kinds, foreign fields, stamps for days and readings that are not readings', () => {
    const refused = [
      { kind: 'delete' },
      { kind: 'estimate', reading: '100' },
      { kind: 'estimate', readAt: '2026-11-20T23:30:00Z' },
      { kind: 'typed', reading: '1.234,5' },
      { kind: 'typed', reading: '1'.repeat(65) },
      { kind: 'exchange', oldFinal: '130' },
      { kind: 'exchange', oldFinal: '130', newStart: '2' },
      { kind: 'exchange', newMeter: 'N1', exchangedAt: '2026-11-20', oldFinal: '130' },
      {
        kind: 'exchange',
        newMeter: 'N'.repeat(129),
        exchangedAt: '2026-11-20',
        oldFinal: '130',
        newStart: '2',
      },
      { kind: 'reread', reason: 'bored' },
      { kind: 'reread', reason: 'other', note: 'x'.repeat(501) },
      { kind: 'skip', code: 'dog', __proto__: { polluted: true }, extra: 1 },
    ];
    for (const decision of refused)
      expect(ok(decision).success, JSON.stringify(decision)).toBe(false);
    expect(
      decideMeterRequest.safeParse({ meterId: '', decision: { kind: 'estimate' } }).success,
    ).toBe(false);
  });
});
