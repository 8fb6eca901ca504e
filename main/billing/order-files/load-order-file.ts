// Loads a billing system's order file as a route (issue 31): the profile named or recognised by
// content, the file kept byte for byte in the queue (with its SHA-256), one meter per meter field,
// then every photo matched and checked as for a route sheet. Nothing in the file but a layout no
// profile can read stops the load; the rest are exceptions with their line.
import { BUILTIN_PROFILES } from '../../../common/billing/order-files/builtin-profiles';
import { fileAgeException } from '../../../common/billing/order-files/billing-checks';
import { orderFacts, orderMeters } from '../../../common/billing/order-files/order-facts';
import type { OrderException } from '../../../common/billing/order-files/order-records';
import { parseOrderFile } from '../../../common/billing/order-files/parse-order-file';
import type { OrderProfile } from '../../../common/billing/order-files/profile';
import { recogniseProfile } from '../../../common/billing/order-files/recognise';
import type { Store } from '../../store/store';
import { byteString } from './byte-string';
import { setSheetFolders, type MatchReport } from '../matching';
import { afterSheetLoaded } from '../sheet-follow-ups';

export type OrderFileLoad =
  | {
      ok: true;
      profile: string;
      sha256: string;
      sheetId: number;
      records: number;
      meters: number;
      exceptions: OrderException[];
      match: MatchReport;
      /** The photos whose match or check changed. */
      changed: number[];
    }
  /** No profile recognises the content: the caller reads it as a route sheet. */
  | { ok: false; problem: 'not_an_order_file' }
  | {
      ok: false;
      problem: 'no_header' | 'no_key_column' | 'no_reading_column' | 'no_orders';
      profile: string;
      headers: string[];
    };

/** The profile that reads `bytes`: the one given, else the first built-in its content fits. */
export function profileFor(bytes: string, named: OrderProfile | null): OrderProfile | null {
  return named ?? recogniseProfile(BUILTIN_PROFILES, bytes);
}

export async function loadOrderFile(
  store: Store,
  bytes: Uint8Array,
  opts: {
    name: string;
    /** Null: recognised by content. */
    profile: OrderProfile | null;
    /** The file's modification time (ISO), for the file-age check where it names no date. */
    fileTime: string | null;
    now: Date;
    folders?: readonly string[];
  },
): Promise<OrderFileLoad> {
  const text = byteString(bytes);
  const profile = profileFor(text, opts.profile);
  if (profile === null) return { ok: false, problem: 'not_an_order_file' };
  const parsed = parseOrderFile(profile, text);
  if (!parsed.ok)
    return { ok: false, problem: parsed.problem, profile: profile.name, headers: parsed.headers };
  const { file } = parsed;
  const meters = orderMeters(file).map((m) => ({ ...m, route: opts.name }));
  const loaded = store.db.transaction(() => {
    const sheet = store.meters.loadSheet(
      {
        name: opts.name,
        mapping: { version: 1, fields: {} },
        encoding: file.encoding,
        delimiter: file.delimited?.delimiter ?? '',
      },
      meters,
    );
    const kept = store.orderFiles.add({
      sheetId: sheet.sheetId,
      name: opts.name,
      profile: JSON.stringify(profile),
      bytes,
      fileTime: opts.fileTime,
    });
    return { sheetId: sheet.sheetId, sha256: kept.sha256 };
  })();
  // The file's age is told at load too: an old order file is better known before the photos go.
  const first = file.records[0];
  const created =
    (first ? orderFacts(file, first).fileDate : null) ?? opts.fileTime?.slice(0, 10) ?? null;
  const aged = fileAgeException(created, opts.now.toISOString().slice(0, 10));
  setSheetFolders(store, loaded.sheetId, opts.folders ?? []);
  const { match, changed } = await afterSheetLoaded(store, opts.now);
  return {
    ok: true,
    profile: profile.name,
    sha256: loaded.sha256,
    sheetId: loaded.sheetId,
    records: file.records.length,
    meters: meters.length,
    exceptions: [...(aged ? [aged] : []), ...file.exceptions],
    match,
    changed,
  };
}
