// Which profile reads a file when none is named (docs/billing-files.md, "Load"): each built-in
// profile's `recognise` rule, in the documented order; none: the file is a route sheet as before.
import { normalHeader, pickDelimiter, splitCells } from './delimited-cells';
import { humanText, resolveEncoding, splitLines } from './order-lines';
import { parseDelimited } from './parse-delimited';
import { recordTypeOf, sliceAt } from './parse-fixed';
import type { OrderProfile } from './profile';

const SAMPLE_LINES = 200;

function matches(profile: OrderProfile, bytes: string): boolean {
  const rule = profile.recognise;
  if (!rule) return false;
  const lines = splitLines(bytes.slice(0, 256_000))
    .slice(0, SAMPLE_LINES)
    .filter((l) => l.text.trim() !== '');
  switch (rule.by) {
    case 'firstRecordType': {
      const first = lines[0]?.text;
      return first !== undefined && rule.types.includes(recordTypeOf(profile, first) ?? '');
    }
    case 'lineLength': {
      const fit = lines.filter(
        (l) =>
          l.text.length === rule.length && /^[0-9 ]*$/.test(sliceAt(l.text, rule.digitsOrBlank)),
      );
      return lines.length > 0 && fit.length * 2 > lines.length;
    }
    case 'header': {
      const header = lines.find(
        (l) => profile.commentPrefix === undefined || !l.text.startsWith(profile.commentPrefix),
      )?.text;
      if (header === undefined) return false;
      const encoding = resolveEncoding(profile.encoding, bytes);
      const d = pickDelimiter(header, profile.delimiter);
      return splitCells(header, d)
        .map((c) => normalHeader(humanText(c.value, encoding)))
        .includes(normalHeader(rule.column));
    }
    case 'keyAndEmptyReading': {
      const encoding = resolveEncoding(profile.encoding, bytes);
      const parsed = parseDelimited(profile, splitLines(bytes), encoding);
      if (!parsed.ok || parsed.records.length === 0) return false;
      const at = parsed.layout.fillCells[profile.fills.findIndex((f) => f.value === 'reading')];
      return parsed.records.every((r) => (r.cells?.[at ?? -1]?.value ?? '').trim() === '');
    }
  }
}

/** The first profile whose rule the content meets, or null. */
export function recogniseProfile(
  profiles: readonly OrderProfile[],
  bytes: string,
): OrderProfile | null {
  return profiles.find((p) => matches(p, bytes)) ?? null;
}
