// `meter-desk export OUT --return-file`: the newest order file's return, built from the copy kept
// in the queue (not re-read from disk) and the billed reading of each meter, written through a
// temporary file and a rename, with `<OUT without extension>.exceptions.csv` beside it. A read type
// or code the profile does not map refuses the whole return: nothing is written.
import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { buildReturn } from '../../../common/billing/order-files/build-return';
import { exceptionCsvLine } from '../../../common/billing/order-files/exception-english';
import type { OrderException } from '../../../common/billing/order-files/order-records';
import { parseOrderFile } from '../../../common/billing/order-files/parse-order-file';
import { checkProfile } from '../../../common/billing/order-files/profile';
import type { MeterResult, Refusal } from '../../../common/billing/order-files/return-fill';
import { bookedExchange } from '../../../common/billing/exchange-rows';
import { officeStamp } from '../../../common/billing/export-read-at';
import type { StoredOrderFile } from '../../store/order-files-repo';
import type { Store } from '../../store/store';
import { byteString, bytesOf } from './byte-string';
import { meterReadings, type MeterReading } from '../meter-readings';

export type ReturnFileWrite =
  | {
      ok: true;
      path: string;
      exceptionsPath: string;
      profile: string;
      orderFile: string;
      filled: number;
      notRead: number;
      exceptions: OrderException[];
    }
  | { ok: false; problem: 'no_order_file' | 'unreadable' }
  | { ok: false; problem: 'refused'; refusal: Refusal };

/** Why a meter in this state has no reading, in a few words (the exceptions' detail). */
export const WHY: Record<string, string> = {
  pending: 'a photo of it is still being read',
  missing: 'no usable photo',
  skipped: 'skipped',
};

export type Stamps = (stamp: string) => ReturnType<typeof officeStamp>;

/** officeStamp, once per distinct stamp: a route's photos share their minutes, and it is costly. */
export function stampsIn(zone: string): Stamps {
  const seen = new Map<string, ReturnType<typeof officeStamp>>();
  return (stamp) => {
    let local = seen.get(stamp);
    if (local === undefined) {
      local = officeStamp(stamp, zone);
      seen.set(stamp, local);
    }
    return local;
  };
}

/** A meter's billed result as the return fills it (also what the window checks against billing). */
export function resultOf({ meter, outcome }: MeterReading, local: Stamps): MeterResult {
  const at = outcome.readAt ?? outcome.chosen?.readAt ?? null;
  const stamp = at === null ? null : local(at);
  const confirmation = outcome.confirmation;
  const readType =
    outcome.readType === 'customer' || outcome.readType === 'estimated'
      ? outcome.readType
      : 'actual';
  return {
    reading: outcome.reading,
    readDate: stamp?.date ?? null,
    readTime: stamp?.time ?? null,
    readType,
    personConfirmed:
      outcome.readType === 'verified' ||
      confirmation === 'confirmed' ||
      confirmation === 'corrected' ||
      confirmation === 'typed',
    skipCode: meter.skipCode,
    skipNote: meter.skipNote,
    why: WHY[outcome.state] ?? (outcome.note || null),
    exchange: bookedExchange(outcome.notes),
  };
}

export function exceptionsPathFor(out: string): string {
  const ext = extname(out);
  return join(dirname(out), `${basename(out, ext)}.exceptions.csv`);
}

export async function writeAtomically(path: string, bytes: Uint8Array | string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${String(process.pid)}.tmp`);
  try {
    await writeFile(temp, bytes);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** An order file as a return is built from: the copy kept at load, not the file on disk. */
export type KeptOrderFile = Pick<StoredOrderFile, 'name' | 'profile' | 'bytes' | 'fileTime'>;

/** What a return is filled from, once the order file's meters are known. */
export interface ReturnReadings {
  /** The billed result per meter of the file (by its meter field). */
  results: ReadonlyMap<string, MeterResult>;
  /** Photos of meters in no record of this file, and unmatched ones. */
  photosWithoutOrder: readonly { photo: string; meter: string | null }[];
}

/**
 * Builds the return of `kept` from the readings `readingsOf` gives for the file's meters and
 * writes it with its exceptions; nothing is written when the profile refuses a value.
 */
export async function writeReturnOf(
  kept: KeptOrderFile,
  readingsOf: (inFile: ReadonlySet<string>, local: Stamps) => ReturnReadings,
  out: string,
  opts: { now: Date; zone: string },
): Promise<ReturnFileWrite> {
  const profile = checkProfile(JSON.parse(kept.profile));
  if (!profile.ok) return { ok: false, problem: 'unreadable' };
  const parsed = parseOrderFile(profile.value, byteString(kept.bytes));
  if (!parsed.ok) return { ok: false, problem: 'unreadable' };
  const inFile = new Set(parsed.file.records.map((r) => r.meter));
  const { results, photosWithoutOrder } = readingsOf(inFile, stampsIn(opts.zone));
  const zoneDate = (iso: string): string | null => officeStamp(iso, opts.zone)?.date ?? null;
  const built = buildReturn({
    file: parsed.file,
    resultOf: (meter) => results.get(meter) ?? null,
    photosWithoutOrder,
    today: zoneDate(opts.now.toISOString()) ?? opts.now.toISOString().slice(0, 10),
    fileTime: kept.fileTime === null ? null : zoneDate(kept.fileTime),
  });
  if (!built.ok) return { ok: false, problem: 'refused', refusal: built.refusal };
  const exceptionsPath = exceptionsPathFor(out);
  const csv = ['reason,key,line,detail', ...built.exceptions.map(exceptionCsvLine)].join('\r\n');
  await writeAtomically(exceptionsPath, `${csv}\r\n`);
  await writeAtomically(out, bytesOf(built.bytes));
  return {
    ok: true,
    path: out,
    exceptionsPath,
    profile: profile.value.name,
    orderFile: kept.name,
    filled: built.filled,
    notRead: built.notRead,
    exceptions: built.exceptions,
  };
}

export async function writeReturnFile(
  store: Store,
  out: string,
  opts: { now: Date; zone: string },
): Promise<ReturnFileWrite> {
  const kept = store.orderFiles.latest();
  if (!kept) return { ok: false, problem: 'no_order_file' };
  return writeReturnOf(
    kept,
    (inFile, local) => {
      const results = new Map<string, MeterResult>();
      // Photos of meters in no record of this file: those of other sheets' meters, and unmatched
      // ones. By the order's meter field, not by the sheet it was loaded under: a route sheet
      // loaded since that names the same meter does not take it out of the return.
      const photosWithoutOrder: { photo: string; meter: string | null }[] = [];
      for (const reading of meterReadings(store)) {
        if (inFile.has(reading.meter.meterId))
          results.set(reading.meter.meterId, resultOf(reading, local));
        else if (reading.outcome.chosen)
          photosWithoutOrder.push({
            photo: reading.outcome.chosen.relPath,
            meter: reading.meter.meterId,
          });
      }
      // The photos no meter claims (not confirmed, not placed by hand): a light query.
      for (const photo of store.meters.matchCandidates(false))
        photosWithoutOrder.push({ photo: photo.relPath, meter: null });
      return { results, photosWithoutOrder };
    },
    out,
    opts,
  );
}
