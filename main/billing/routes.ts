// What the CLI and the window do with routes, each as one step that leaves the queue consistent:
// load a route sheet (all or nothing), set the file-name pattern, match a photo by hand, record a
// skip or a typed reading; and what must follow new photos and new results (dates, matching,
// checks). Everything here runs in the process that owns the queue.
import { suggestMapping, type ColumnMapping } from '../../common/billing/column-mapping';
import { compileFilePattern } from '../../common/billing/file-pattern';
import { SHEET_DIALECT_SETTING, sheetDialect } from '../../common/billing/export-dialect';
import type { EncodingGuess } from '../../common/billing/encoding-guess';
import type { RowProblem } from '../../common/billing/row-problem';
import type { SkipCode } from '../../common/billing/billing-row';
import type { Store } from '../store/store';
import { assessMeters, metersOfJobs } from './assess';
import {
  CAMERA_COUNTERS_SETTING,
  FILE_PATTERN_SETTING,
  matchPhotos,
  readMissingDates,
  setSheetFolders,
  type MatchReport,
} from './matching';
import { decideMeter } from './meter-decisions';
import { afterSheetLoaded } from './sheet-follow-ups';
import { inspectRouteSheet, parseRouteSheet } from './route-sheet';

export type SheetLoad =
  | {
      ok: true;
      sheetId: number;
      meters: number;
      added: number;
      updated: number;
      warnings: RowProblem[];
      encodingGuess: EncodingGuess | null;
      match: MatchReport;
      /** The photos whose match or check changed: the window shows them anew. */
      changed: number[];
    }
  | {
      ok: false;
      /** Row-numbered problems; nothing was loaded. */
      problems: RowProblem[];
      moreProblems: number;
      /** The sheet's headers when the fault is a missing column mapping (the window asks). */
      headers?: string[];
    };

/**
 * Loads a route sheet: its meters are added or updated (a newer export of the same sheet
 * updates them), then every photo not confirmed is matched again and checked. `mapping`: the
 * columns chosen by a person (or a saved mapping); without it the headers must name themselves.
 */
export async function loadRouteSheet(
  store: Store,
  source: string | Uint8Array,
  opts: {
    name: string;
    mapping?: ColumnMapping;
    now: Date;
    /** The folders (absolute) whose photos it matches; none given: every folder. */
    folders?: readonly string[];
  },
): Promise<SheetLoad> {
  const inspected = await inspectRouteSheet(source);
  if (!inspected.ok)
    return { ok: false, problems: inspected.problems, moreProblems: inspected.moreProblems };
  const mapping = opts.mapping ?? suggestMapping(inspected.headers).mapping;
  const parsed = await parseRouteSheet(source, mapping, {
    encoding: inspected.encoding,
    delimiter: inspected.delimiter,
  });
  if (!parsed.ok) {
    return {
      ok: false,
      problems: parsed.problems,
      moreProblems: parsed.moreProblems,
      ...(opts.mapping === undefined && inspected.unmappedRequired.length > 0
        ? { headers: inspected.headers }
        : {}),
    };
  }
  const loaded = store.meters.loadSheet(
    {
      name: opts.name,
      mapping,
      encoding: parsed.encoding,
      delimiter: parsed.delimiter,
      otherHeaders: parsed.otherHeaders,
    },
    parsed.meters,
  );
  // The default billing export follows this sheet's dialect (common/billing/export-dialect.ts).
  store.settings.set(SHEET_DIALECT_SETTING, sheetDialect({ ...inspected, mapping }));
  setSheetFolders(store, loaded.sheetId, opts.folders ?? []);
  const { match, changed } = await afterSheetLoaded(store, opts.now);
  return {
    ok: true,
    sheetId: loaded.sheetId,
    meters: parsed.meters.length,
    added: loaded.added,
    updated: loaded.updated,
    warnings: parsed.warnings,
    encodingGuess: parsed.encodingGuess ?? null,
    match,
    changed,
  };
}

/** Sets (or, with null, clears) the file-name pattern and matches every photo again by it. */
export function setFilePattern(
  store: Store,
  source: string | null,
  now: Date,
): { ok: true; match: MatchReport } | { ok: false; error: string } {
  if (source !== null) {
    const compiled = compileFilePattern(source);
    if (!compiled.ok) return { ok: false, error: compiled.error };
  }
  store.settings.set(FILE_PATTERN_SETTING, source);
  const match = matchPhotos(store, { all: true });
  assessMeters(store, match.meters, now);
  return { ok: true, match };
}

/** Whether a camera's own numbering (IMG_0001) may be a meter number; every photo is matched again. */
export function setCameraCounters(store: Store, on: boolean, now: Date): MatchReport {
  store.settings.set(CAMERA_COUNTERS_SETTING, on);
  const match = matchPhotos(store, { all: true });
  assessMeters(store, match.meters, now);
  return match;
}

/** New photos were added: their dates are read, they are matched, their meters checked. */
export async function photosAdded(store: Store, now: Date, signal?: AbortSignal): Promise<void> {
  if (store.meters.count() === 0) return;
  await readMissingDates(store, signal);
  const match = matchPhotos(store, { all: false });
  assessMeters(store, match.meters, now);
}

/**
 * A photo's codes were read (issue 25): one without a meter may be matched by them now; its meter
 * is checked again either way (a code naming another meter flags the reading). Returns the photos
 * that changed.
 */
export function codesRead(store: Store, jobId: number, now: Date): number[] {
  if (store.meters.count() === 0) return [];
  const meterId = store.jobs.get(jobId)?.meterId;
  if (meterId === undefined) return [];
  if (meterId !== null) return assessMeters(store, [meterId], now);
  const match = matchPhotos(store, { all: false });
  return [...match.changed, ...assessMeters(store, match.meters, now)];
}

/**
 * What a queue may have missed before every change went through one place (main/actions/): photos
 * added by an older version, never dated or matched, and checks a review there did not re-run.
 * Returns the photos whose check changed.
 */
export async function catchUp(store: Store, now: Date, signal?: AbortSignal): Promise<number[]> {
  if (store.meters.count() === 0) return [];
  await readMissingDates(store, signal);
  const match = matchPhotos(store, { all: false });
  return assessMeters(store, [...store.meters.metersWithPhotos(), ...match.meters], now);
}

/** Results came in (or a reading was corrected): the readings of these photos' meters are checked. */
export function readingsChanged(store: Store, jobIds: Iterable<number>, now: Date): number[] {
  const meters = metersOfJobs(store, jobIds);
  return meters.length ? assessMeters(store, meters, now) : [];
}

/**
 * A person says which meter a photo shows (or that it shows none of them). A photo whose
 * reading was confirmed keeps its meter: false then, as for an unknown meter.
 */
export function assignMeter(
  store: Store,
  jobId: number,
  meterId: string | null,
  now: Date,
): boolean {
  const before = store.jobs.get(jobId);
  if (!before || (meterId !== null && !store.meters.get(meterId))) return false;
  const meter = meterId === null ? null : (store.meters.get(meterId)?.meterId ?? null);
  const changed = store.meters.match([{ id: jobId, meterId: meter, how: meter ? 'manual' : null }]);
  if (changed.length === 0) return store.jobs.get(jobId)?.meterId === meter;
  assessMeters(
    store,
    [before.meterId, meter].filter((m): m is string => m !== null),
    now,
  );
  return true;
}

/**
 * A meter that could not be read: recorded with a skip code (and no reading); false for an
 * unknown meter or an "other" without a note. A decision like the others (meter-decisions.ts).
 */
export function recordSkip(
  store: Store,
  meterId: string,
  code: SkipCode,
  note: string | null,
  now: Date,
): boolean {
  const made = decideMeter(store, meterId, { kind: 'skip', code, note: note ?? undefined }, +now);
  return made?.ok === true;
}

/**
 * A reading typed by a clerk, read on `readAt` (a local date; the route's read day without
 * one); false for an unknown meter. `byCustomer`: the customer read it (a customer card).
 */
export function typeReading(
  store: Store,
  meterId: string,
  reading: string,
  now: Date,
  readAt?: string,
  byCustomer = false,
): boolean {
  const made = decideMeter(
    store,
    meterId,
    { kind: 'typed', reading: reading.trim(), readAt, byCustomer },
    +now,
  );
  return made?.ok === true;
}
