// Reads an order file by its profile. Nothing in it stops the load but a file the profile cannot
// read at all: duplicate and empty keys, registers sharing a meter, unknown record types and
// trailers become exceptions with their line, and every line stays as it was for the return.
import { resolveEncoding, splitLines } from './order-lines';
import type { OrderException, OrderRecord, ParsedOrderFile } from './order-records';
import { parseDelimited } from './parse-delimited';
import { parseFixed } from './parse-fixed';
import type { OrderProfile } from './profile';

export type OrderFileParse =
  | { ok: true; file: ParsedOrderFile }
  | {
      ok: false;
      problem: 'no_header' | 'no_key_column' | 'no_reading_column' | 'no_orders';
      headers: string[];
    };

/** Roles beyond "order": a later duplicate key, an empty key, a meter shared by several keys. */
function assignRoles(records: readonly OrderRecord[]): OrderException[] {
  const exceptions: OrderException[] = [];
  const firstLine = new Map<string, number>();
  const keysOfMeter = new Map<string, OrderRecord[]>();
  for (const r of records) {
    if (r.key === '' || r.meter === '') {
      r.role = 'no_key';
      exceptions.push({ reason: 'no_key', key: r.key, line: r.index + 1, params: {} });
      continue;
    }
    const first = firstLine.get(r.key);
    if (first !== undefined) {
      r.role = 'duplicate';
      exceptions.push({
        reason: 'duplicate_key',
        key: r.key,
        line: r.index + 1,
        params: { first },
      });
      continue;
    }
    firstLine.set(r.key, r.index + 1);
    const same = keysOfMeter.get(r.meter);
    if (same) same.push(r);
    else keysOfMeter.set(r.meter, [r]);
  }
  // Until registers are supported, a meter with several records is not guessed at: none is filled.
  for (const [meter, same] of keysOfMeter) {
    if (same.length < 2) continue;
    for (const r of same) {
      r.role = 'shared_meter';
      exceptions.push({
        reason: 'shared_meter',
        key: r.key,
        line: r.index + 1,
        params: { meter, records: same.length },
      });
    }
  }
  return exceptions;
}

function decimalMarkOf(profile: OrderProfile, records: readonly OrderRecord[]): string {
  if (profile.decimalMark === ',' || profile.decimalMark === '.') return profile.decimalMark;
  for (const r of records) {
    const v = r.values.previousReading;
    if (v?.includes(',')) return ',';
    if (v?.includes('.')) return '.';
  }
  return profile.decimalMark === 'auto' ? ',' : '.';
}

export function parseOrderFile(profile: OrderProfile, bytes: string): OrderFileParse {
  const lines = splitLines(bytes);
  const encoding = resolveEncoding(profile.encoding, bytes);
  let records: OrderRecord[];
  let exceptions: OrderException[];
  let delimited: ParsedOrderFile['delimited'] = null;
  if (profile.kind === 'fixed') {
    ({ records, exceptions } = parseFixed(profile, lines, encoding));
  } else {
    const parsed = parseDelimited(profile, lines, encoding);
    if (!parsed.ok) return parsed;
    ({ records, exceptions } = parsed);
    delimited = parsed.layout;
  }
  if (records.length === 0) return { ok: false, problem: 'no_orders', headers: [] };
  const roles = assignRoles(records);
  const all = [...exceptions, ...roles].sort((a, b) => a.line - b.line);
  return {
    ok: true,
    file: {
      profile,
      encoding,
      lines,
      records,
      exceptions: all,
      decimalMark: decimalMarkOf(profile, records),
      delimited,
      dateSample: records.find((r) => r.values.previousReadDate)?.values.previousReadDate ?? null,
    },
  };
}
