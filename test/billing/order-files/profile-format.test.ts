// A profile is a JSON file an office writes: the built-in four pass the same checks, and a broken
// one is refused with sentences that say what is wrong, never half-used.
import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES } from '../../../common/billing/order-files/builtin-profiles';
import { parseProfileJson } from '../../../common/billing/order-files/profile';

describe('order-file profiles', () => {
  it('the built-in four are data in the documented format', () => {
    expect(BUILTIN_PROFILES.map((p) => p.name)).toEqual([
      'neptune-imp',
      'sensus-fixed',
      'sap-isu',
      'csv-passthrough',
    ]);
    for (const p of BUILTIN_PROFILES) {
      const again = parseProfileJson(JSON.stringify(p));
      expect(again.ok, p.name).toBe(true);
    }
  });

  it('refuses a profile that mixes positions into a delimited file, or runs a field backwards', () => {
    const sap = BUILTIN_PROFILES.find((p) => p.name === 'sap-isu');
    const bad = { ...sap, fields: { ...sap?.fields, meter: { start: 10, end: 5 } } };
    const checked = parseProfileJson(JSON.stringify(bad));
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.errors.join(' ')).toMatch(/by column, not by position/);
      expect(checked.errors.join(' ')).toMatch(/ends \(5\) before it starts \(10\)/);
    }
  });

  it('refuses unknown keys, an unknown fill and a code set with a key it does not know', () => {
    const neptune = BUILTIN_PROFILES.find((p) => p.name === 'neptune-imp');
    for (const bad of [
      { ...neptune, colour: 'blue' },
      { ...neptune, fills: [{ field: { start: 1, end: 2 }, value: 'weather' }] },
      {
        ...neptune,
        fills: [{ field: { start: 1, end: 2 }, value: 'readCode', codes: { great: 'G' } }],
      },
    ]) {
      const checked = parseProfileJson(JSON.stringify(bad));
      expect(checked.ok).toBe(false);
    }
    expect(parseProfileJson('{"format": 1, "name": "x"').ok).toBe(false);
  });
});
