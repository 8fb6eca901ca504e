// Fixed-width order files (Neptune's record-typed .imp, Sensus's 155-byte records): each line's
// record type (or length) says what it is; an order record takes fields from itself and from the
// last line of each parent type above it (the meter above its reading, the route's date).
import { humanText, type OrderLine, type TextEncoding } from './order-lines';
import type { OrderException, OrderRecord } from './order-records';
import { ORDER_FIELDS, type FixedRef, type OrderField, type OrderProfile } from './profile';

export function sliceAt(line: string, ref: { start: number; end: number }): string {
  return line.slice(ref.start - 1, ref.end);
}

export function recordTypeOf(profile: OrderProfile, line: string): string | null {
  return profile.recordType ? sliceAt(line, profile.recordType).trim() : null;
}

function isOrder(profile: OrderProfile, line: string): boolean {
  const want = profile.orderRecord;
  if (want?.type !== undefined) return recordTypeOf(profile, line) === want.type;
  return want?.length !== undefined && line.length === want.length;
}

export function parseFixed(
  profile: OrderProfile,
  lines: readonly OrderLine[],
  encoding: TextEncoding,
): { records: OrderRecord[]; exceptions: OrderException[] } {
  const records: OrderRecord[] = [];
  const exceptions: OrderException[] = [];
  const parents = new Map<string, string>();
  const known = new Set(profile.knownRecords ?? []);
  const read = (ref: FixedRef, own: string): string => {
    const source = ref.record === undefined ? own : (parents.get(ref.record) ?? '');
    return humanText(sliceAt(source, ref), encoding).trim();
  };
  lines.forEach(({ text }, index) => {
    if (text.trim() === '') return;
    if (!isOrder(profile, text)) {
      const type = recordTypeOf(profile, text);
      if (type !== null) parents.set(type, text);
      // Known parents pass quietly; anything else is told, and passes through all the same.
      if (type === null || !known.has(type))
        exceptions.push({
          reason: 'not_an_order',
          key: '',
          line: index + 1,
          params: type === null ? { length: text.length } : { type },
        });
      return;
    }
    const values: Partial<Record<OrderField, string>> = {};
    for (const f of ORDER_FIELDS) {
      const ref = profile.fields[f];
      if (ref && 'start' in ref) {
        const v = read(ref, text);
        if (v !== '') values[f] = v;
      }
    }
    const parts = profile.fields.key.map((ref) => ('start' in ref ? read(ref, text) : ''));
    const meterRef = profile.fields.meter;
    records.push({
      index,
      key: parts.some((p) => p === '') ? '' : parts.join('/'),
      meter: 'start' in meterRef ? read(meterRef, text) : '',
      role: 'order',
      values,
    });
  });
  return { records, exceptions };
}
