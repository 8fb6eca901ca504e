// Which meter each photo belongs to: from the file name (a configured pattern, or a meter id as a
// whole token), else from a folder name; and when each photo was taken (EXIF, else file time).
// Matching looks up an index built once per call: a cost per photo, never a scan of the meters.
import {
  buildMeterIndex,
  matchFileName,
  type MeterIndex,
} from '../../common/billing/file-name-match';
import { compileFilePattern, type FilePattern } from '../../common/billing/file-pattern';
import type { MatchHow } from '../../common/billing/reading-check';
import type { ReadDateNote } from '../../common/billing/read-date-notes';
import { meterNamedByCodes } from '../../common/photo-codes';
import type { Store } from '../store/store';
import { readPhotoDate } from './photo-date';
import { codeIndexOf } from './photo-code-check';

/** Where the queue keeps the office's file-name pattern (the source text). */
export const FILE_PATTERN_SETTING = 'filePattern';
/** Whether a camera's own numbering (IMG_0001) may be a meter number (off unless the office says so). */
export const CAMERA_COUNTERS_SETTING = 'cameraCountersAreMeters';
/** The folders each route sheet matches ({ sheet id: absolute folders }); a sheet without any matches all. */
export const SHEET_FOLDERS_SETTING = 'sheetFolders';

type SheetFolders = Record<string, string[]>;

export function sheetFolders(store: Store): SheetFolders {
  return store.settings.get<SheetFolders>(SHEET_FOLDERS_SETTING, {});
}

/** Keeps a sheet to these folders (none: every folder, as before folders could be given). */
export function setSheetFolders(store: Store, sheetId: number, folders: readonly string[]): void {
  const key = String(sheetId);
  const others = Object.entries(sheetFolders(store)).filter(([id]) => id !== key);
  const mine = folders.length === 0 ? [] : [[key, folders.map(normalFolder)] as const];
  store.settings.set(SHEET_FOLDERS_SETTING, Object.fromEntries([...others, ...mine]));
}

function normalFolder(path: string): string {
  return path.replaceAll('\\', '/').replace(/\/+$/, '');
}

/** A folder holds a photo when the photo lies in it or below it. */
function holds(folder: string, path: string): boolean {
  const p = normalFolder(path);
  return p === folder || p.startsWith(`${folder}/`);
}

/**
 * The meter index a photo at `path` is matched against: the meters of the sheets kept to a folder
 * that holds it, and of the sheets kept to none; when no sheet is kept to a folder that holds it,
 * also of the sheets loaded before the photo was added. Built once per set of sheets.
 */
function indexFinder(store: Store): (path: string, addedAt: string) => MeterIndex {
  const folders = sheetFolders(store);
  const bySheet = new Map<number, { meterId: string; account: string | null }[]>();
  for (const m of store.meters.inRouteOrder()) {
    const list = bySheet.get(m.sheetId) ?? [];
    list.push({ meterId: m.meterId, account: m.account });
    bySheet.set(m.sheetId, list);
  }
  const kept = [...bySheet.keys()].filter((id) => (folders[String(id)] ?? []).length > 0);
  const cache = new Map<string, MeterIndex>();
  const loadedAt = new Map(store.meters.sheets().map((s) => [s.id, s.loadedAt]));
  return (path, addedAt) => {
    const keeping = kept.filter((id) => (folders[String(id)] ?? []).some((f) => holds(f, path)));
    // A photo added after a sheet, in a folder no sheet is kept to (a later folder of re-reads,
    // photos dropped after their sheet), is matched against that sheet too; the folders that
    // were in the queue before it (last month's tour) stay out of it.
    const sheets = [...bySheet.keys()].filter(
      (id) =>
        !kept.includes(id) ||
        keeping.includes(id) ||
        (keeping.length === 0 && (loadedAt.get(id) ?? addedAt) <= addedAt),
    );
    const key = sheets.join(',');
    let index = cache.get(key);
    if (!index) {
      index = buildMeterIndex(sheets.flatMap((id) => bySheet.get(id) ?? []));
      cache.set(key, index);
    }
    return index;
  };
}

export function savedPattern(store: Store): FilePattern | null {
  const source = store.settings.get<string | null>(FILE_PATTERN_SETTING, null);
  if (source === null) return null;
  const compiled = compileFilePattern(source);
  return compiled.ok ? compiled.pattern : null;
}

export interface MatchReport {
  /** Photos whose meter changed. */
  changed: number[];
  /** Meters whose photos changed (their readings are checked again). */
  meters: string[];
  matched: number;
  unmatched: number;
  ambiguous: number;
}

/**
 * Matches photos to the loaded meters. `all`: every photo not confirmed or chosen by hand (after
 * a new pattern or sheet); otherwise only those without a meter. Photos no meter claims are left
 * without one (and those that had one lose it, when `all`). A photo in a folder a sheet is kept to
 * is matched only against that sheet and the sheets kept to none; a photo in no such folder also
 * against the sheets loaded before it was added.
 */
export function matchPhotos(store: Store, opts: { all: boolean }): MatchReport {
  const report: MatchReport = { changed: [], meters: [], matched: 0, unmatched: 0, ambiguous: 0 };
  if (store.meters.count() === 0) return report;
  const indexFor = indexFinder(store);
  const pattern = savedPattern(store) ?? undefined;
  const cameraCounters = store.settings.get<boolean>(CAMERA_COUNTERS_SETTING, false);
  // A photo its name matches to no meter is matched by the code on it (a serial sticker); the
  // index of every meter's codes is looked up only when such a photo carries a code.
  const namedByCodes = (jobId: number): string | null => {
    const codes = store.jobs.photoCodes(jobId);
    return codes.length === 0 ? null : meterNamedByCodes(codes, codeIndexOf(store));
  };
  const items: { id: number; meterId: string | null; how: MatchHow | null }[] = [];
  const touched = new Set<string>();
  for (const c of store.meters.matchCandidates(opts.all)) {
    const found = matchFileName(indexFor(c.path, c.addedAt), c.relPath, pattern, {
      cameraCounters,
    });
    const byName = 'meterId' in found ? found : null;
    const meterId = byName ? byName.meterId : namedByCodes(c.id);
    if (meterId !== null) {
      report.matched++;
      items.push({ id: c.id, meterId, how: byName ? byName.how : 'code' });
      touched.add(meterId);
    } else {
      if ('ambiguous' in found) report.ambiguous++;
      else report.unmatched++;
      items.push({ id: c.id, meterId: null, how: null });
    }
    if (c.meterId) touched.add(c.meterId);
  }
  report.changed = store.meters.match(items);
  report.meters = [...touched];
  return report;
}

const DATE_READERS = 8;

/** Reads the date of every photo that has none yet (new photos; an upgraded queue's old ones). */
export async function readMissingDates(store: Store, signal?: AbortSignal): Promise<number> {
  let read = 0;
  for (let after = 0; ;) {
    const page = store.meters.withoutReadDate(after);
    if (page.length === 0 || signal?.aborted) return read;
    after = page[page.length - 1]?.id ?? after;
    const dates: {
      id: number;
      readAt: string;
      source: 'exif' | 'file_time';
      note: ReadDateNote | null;
    }[] = [];
    for (let i = 0; i < page.length; i += DATE_READERS) {
      const batch = page.slice(i, i + DATE_READERS);
      const found = await Promise.all(
        batch.map(async (p) => {
          try {
            const d = await readPhotoDate(p.path);
            return { id: p.id, readAt: d.readAt, source: d.source, note: d.note ?? null };
          } catch {
            // Gone or unreadable: the scanner and the uploads say so; no date is not an error.
            return null;
          }
        }),
      );
      for (const d of found) if (d) dates.push(d);
    }
    store.meters.setReadDates(dates);
    read += dates.length;
  }
}
