// Billing's own limits for one meter, from the order record it came from (issue 31): low/high,
// expected reading, digits and decimals, and the read-date window, with where the billed reading
// stands against them: the code the return file would carry. The window shows them beside
// MeterDesk's own check. The kept order file is parsed once per file, not per meter.
import {
  codeCondition,
  READ_DATE_WINDOW_DAYS,
} from '../../../common/billing/order-files/billing-checks';
import { orderFacts } from '../../../common/billing/order-files/order-facts';
import type {
  OrderRecord,
  ParsedOrderFile,
} from '../../../common/billing/order-files/order-records';
import { daysBetween, numberValue } from '../../../common/billing/order-files/order-values';
import { parseOrderFile } from '../../../common/billing/order-files/parse-order-file';
import { checkProfile } from '../../../common/billing/order-files/profile';
import type { BillingLimitsView } from '../../../common/ipc/order-file-views';
import type { Store } from '../../store/store';
import type { MeterReading } from '../meter-readings';
import { byteString } from './byte-string';
import { resultOf, stampsIn } from './write-return-file';

interface Parsed {
  readonly id: number;
  readonly name: string;
  readonly file: ParsedOrderFile;
  /** The record each meter fills (or, for registers, the first of those sharing it). */
  readonly byMeter: ReadonlyMap<string, OrderRecord>;
}

/** Per queue: ids restart in another queue's file. */
const cache = new WeakMap<Store, Parsed>();

function parsedLatest(store: Store): Parsed | null {
  const head = store.orderFiles.latestHead();
  if (!head) return null;
  const cached = cache.get(store);
  if (cached?.id === head.id) return cached;
  const kept = store.orderFiles.latest();
  if (!kept) return null;
  const profile = checkProfile(JSON.parse(kept.profile));
  if (!profile.ok) return null;
  const parsed = parseOrderFile(profile.value, byteString(kept.bytes));
  if (!parsed.ok) return null;
  const byMeter = new Map<string, OrderRecord>();
  for (const r of parsed.file.records) {
    if (r.role === 'order' || (r.role === 'shared_meter' && !byMeter.has(r.meter)))
      byMeter.set(r.meter, r);
  }
  const fresh = { id: kept.id, name: kept.name, file: parsed.file, byMeter };
  cache.set(store, fresh);
  return fresh;
}

export function billingLimitsOf(
  store: Store,
  reading: MeterReading,
  zone: string,
): BillingLimitsView | null {
  const parsed = parsedLatest(store);
  const record = parsed?.byMeter.get(reading.meter.meterId);
  if (!parsed || !record) return null;
  const { file } = parsed;
  const facts = orderFacts(file, record);
  const result = resultOf(reading, stampsIn(zone));
  const codes = file.profile.fills.find((f) => f.value === 'readCode')?.codes ?? {};
  const value = numberValue(result.reading);
  const low = numberValue(facts.low);
  const high = numberValue(facts.high);
  const condition =
    value === null
      ? null
      : codeCondition(
          value,
          { low, high, previous: numberValue(facts.previous) },
          {
            personConfirmed: result.personConfirmed,
            hasZero: codes.zero !== undefined,
            hasNegative: codes.negative !== undefined,
          },
        );
  const scheduled = facts.scheduledDate;
  const readDate = result.readDate;
  return {
    profile: file.profile.name,
    orderFile: parsed.name,
    key: record.key,
    line: record.index + 1,
    low: facts.low,
    high: facts.high,
    wraps: low !== null && high !== null && high < low,
    expected: facts.expected,
    previous: facts.previous,
    digits: facts.digits,
    decimals: facts.decimals,
    scheduledDate: scheduled,
    windowDays: READ_DATE_WINDOW_DAYS,
    condition,
    readDate,
    readDateInside:
      readDate === null || scheduled === null
        ? null
        : Math.abs(daysBetween(scheduled, readDate)) <= READ_DATE_WINDOW_DAYS,
    notFilled: record.role === 'shared_meter' ? 'shared_meter' : null,
  };
}
