// Each built-in profile reads its own generated order file: recognised by content, every order
// record with its line, and nothing stops the load: the duplicate key, the trailer or unknown
// record type and a meter with two registers become exceptions with their line.
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_PROFILES,
  builtinProfile,
} from '../../../common/billing/order-files/builtin-profiles';
import { toByteString } from '../../../common/billing/order-files/order-lines';
import { parseOrderFile } from '../../../common/billing/order-files/parse-order-file';
import { recogniseProfile } from '../../../common/billing/order-files/recognise';
import { buildReturn } from '../../../common/billing/order-files/build-return';
import { byteDiff } from './byte-diff';
import { FIXTURES } from './order-fixtures';

describe.each(Object.entries(FIXTURES))('%s order file', (name, make) => {
  const fixture = make();
  const bytes = toByteString(fixture.bytes);
  const profile = builtinProfile(name);
  if (!profile) throw new Error(name);

  it('is recognised by its content', () => {
    expect(recogniseProfile(BUILTIN_PROFILES, bytes)?.name).toBe(name);
  });

  it('reads every order record with its line and lists what is not an order', () => {
    const parsed = parseOrderFile(profile, bytes);
    if (!parsed.ok) throw new Error(parsed.problem);
    const { records, exceptions } = parsed.file;
    for (const m of fixture.meters) {
      const r = records.find((x) => x.key === m.key);
      expect(r?.index, m.key).toBe(m.line - 1);
      expect(r?.meter).toBe(m.meter);
    }
    const dup = exceptions.filter((e) => e.reason === 'duplicate_key');
    expect(dup.map((e) => e.line)).toEqual([fixture.duplicateLine]);
    expect(exceptions.filter((e) => e.reason === 'not_an_order').map((e) => e.line)).toEqual(
      fixture.notOrderLines,
    );
    const shared = fixture.meters.filter((m) => m.expect === 'shared');
    expect(exceptions.filter((e) => e.reason === 'shared_meter')).toHaveLength(shared.length * 2);
  });

  it('with nothing read, goes back in the not-read form, 0 bytes changed outside the fills', () => {
    const parsed = parseOrderFile(profile, bytes);
    if (!parsed.ok) throw new Error(parsed.problem);
    const built = buildReturn({
      file: parsed.file,
      resultOf: () => null,
      photosWithoutOrder: [],
      today: '2026-10-21',
      fileTime: null,
    });
    if (!built.ok) throw new Error(JSON.stringify(built.refusal));
    expect(built.filled).toBe(0);
    const diff = byteDiff(profile, fixture.bytes, Buffer.from(built.bytes, 'latin1'));
    expect(diff.changedOutside, diff.firstDifference ?? '').toBe(0);
    // Where the not-read form is the record as it is (SAP, CSV), the file comes back identical.
    if (profile.kind === 'delimited') expect(built.bytes).toBe(bytes);
  });
});
