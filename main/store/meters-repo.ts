// The meters of the loaded route sheets, and what a clerk recorded per meter (a skip code, a
// reading typed by hand); and which photo belongs to which meter. One transaction per change.
import type Database from 'better-sqlite3';
import type { ColumnMapping } from '../../common/billing/column-mapping';
import type { MeterRecord } from '../../common/billing/meter-record';
import type { MatchHow, ReadingCheck } from '../../common/billing/reading-check';
import type { ReadDateNote } from '../../common/billing/read-date-notes';
import type { CheckLevel } from '../../common/billing/plausibility-types';
import { systemClock, type Clock } from '../time/clock';
import { textsOf, toMeter, WITH_DECISION, type MeterRow, type StoredMeter } from './meter-rows';

export type { StoredMeter } from './meter-rows';

export interface RouteSheetInfo {
  id: number;
  name: string;
  loadedAt: string;
  meters: number;
  encoding: string;
  delimiter: string;
}

export const ROUTE_DATE_SAMPLE = 400;

/** A sheet as loaded: its name and how its columns were read. */
export interface LoadedSheet {
  name: string;
  mapping: ColumnMapping;
  encoding: string;
  delimiter: string;
  /** The sheet's columns no field takes, whose cells the meters carry (sheetCells). */
  otherHeaders: readonly string[];
}

export class MetersRepo {
  private readonly s;

  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock = systemClock,
  ) {
    this.s = {
      addSheet: db.prepare(
        `INSERT INTO route_sheets (name, loaded_at, meters, mapping, encoding, delimiter,
           other_headers)
         VALUES (@name, @now, @meters, @mapping, @encoding, @delimiter, @otherHeaders)`,
      ),
      exists: db.prepare<[string], { n: number }>(
        'SELECT COUNT(*) AS n FROM meters WHERE meter_id = ?',
      ),
      // A newer export of a sheet replaces the sheet's fields; what the clerk recorded stays.
      upsert: db.prepare(
        `INSERT INTO meters (meter_id, sheet_id, account, address, route, sequence,
           register_digits, register_decimals, previous_reading, previous_read_at, avg_daily_use,
           barcode, sheet_cells, account_status, status_since, meter_class, updated_at)
         VALUES (@meterId, @sheetId, @account, @address, @route, @sequence, @registerDigits,
           @registerDecimals, @previousReading, @previousReadAt, @avgDailyUse, @barcode,
           @sheetCells, @accountStatus, @statusSince, @meterClass, @now)
         ON CONFLICT (meter_id) DO UPDATE SET sheet_id = excluded.sheet_id,
           account = excluded.account, address = excluded.address, route = excluded.route,
           sequence = excluded.sequence, register_digits = excluded.register_digits,
           register_decimals = excluded.register_decimals,
           previous_reading = excluded.previous_reading,
           previous_read_at = excluded.previous_read_at, avg_daily_use = excluded.avg_daily_use,
           barcode = excluded.barcode, sheet_cells = excluded.sheet_cells,
           account_status = excluded.account_status, status_since = excluded.status_since,
           meter_class = excluded.meter_class, updated_at = excluded.updated_at`,
      ),
      get: db.prepare<[string], MeterRow>(`${WITH_DECISION} WHERE meters.meter_id = ?`),
      ids: db.prepare<[], { meter_id: string; account: string | null }>(
        'SELECT meter_id, account FROM meters',
      ),
      inRouteOrder: db.prepare<[], MeterRow>(
        // Walking order: route, then sequence (meters without one last), then id.
        `${WITH_DECISION}
          ORDER BY route IS NULL, route, sequence IS NULL, sequence, meters.meter_id`,
      ),
      count: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM meters'),
      sheets: db.prepare<[], RouteSheetInfo>(
        `SELECT id, name, loaded_at AS loadedAt, meters, encoding, delimiter
           FROM route_sheets ORDER BY id`,
      ),
      // Matching never moves a photo whose reading a person confirmed, and a file-name rule
      // never undoes what a person chose by hand.
      match: db.prepare(
        `UPDATE jobs SET meter_id = @meterId, match_how = @how, updated_at = @now
          WHERE id = @id AND review_action IS NULL
            AND (@how = 'manual' OR match_how IS NULL OR match_how <> 'manual')
            AND (meter_id IS NOT @meterId OR match_how IS NOT @how)`,
      ),
      readDate: db.prepare(
        `UPDATE jobs SET read_at = @readAt, read_at_source = @source,
           read_at_note_code = @noteCode, read_at_note_params = @noteParams WHERE id = @id`,
      ),
      assess: db.prepare(
        `UPDATE jobs SET plausibility = @level, plausibility_detail = @detail WHERE id = @id
            AND (plausibility IS NOT @level OR plausibility_detail IS NOT @detail)`,
      ),
      photosOf: db.prepare<[string], { id: number }>(
        `SELECT id FROM jobs WHERE meter_id = ? ORDER BY id`,
      ),
      candidates: db.prepare<
        [number],
        { id: number; path: string; rel_path: string; meter_id: string | null; created_at: string }
      >(
        `SELECT id, path, rel_path, meter_id, created_at FROM jobs WHERE state <> 'rejected'
            AND review_action IS NULL AND (match_how IS NULL OR match_how <> 'manual')
            AND (? = 1 OR meter_id IS NULL) ORDER BY id`,
      ),
      withoutDate: db.prepare<[number], { id: number; path: string }>(
        `SELECT id, path FROM jobs WHERE read_at IS NULL AND state <> 'rejected' AND id > ?
          ORDER BY id LIMIT 500`,
      ),
      withPhotos: db.prepare<[], { meter_id: string }>(
        `SELECT DISTINCT meter_id FROM jobs WHERE meter_id IS NOT NULL`,
      ),
      matchedIds: db.prepare<[], { id: number }>(
        `SELECT id FROM jobs WHERE meter_id IS NOT NULL ORDER BY id`,
      ),
      routeDates: db.prepare<
        [string | null],
        { id: number; read_at: string; read_at_source: 'exif' | 'file_time' }
      >(
        `SELECT j.id, j.read_at, j.read_at_source FROM meters m
           JOIN jobs j ON j.meter_id = m.meter_id
          WHERE m.route IS ? AND j.state = 'done' AND j.read_at IS NOT NULL
          ORDER BY j.id DESC LIMIT ${String(ROUTE_DATE_SAMPLE)}`,
      ),
      sheet: db.prepare<
        [number],
        {
          name: string;
          loaded_at: string;
          mapping: string;
          encoding: string;
          delimiter: string;
          other_headers: string | null;
        }
      >(
        `SELECT name, loaded_at, mapping, encoding, delimiter, other_headers FROM route_sheets
          WHERE id = ?`,
      ),
      mapping: db.prepare<[], { mapping: string }>(
        'SELECT mapping FROM route_sheets ORDER BY id DESC LIMIT 1',
      ),
      otherHeaders: db.prepare<[], { other_headers: string | null }>(
        'SELECT other_headers FROM route_sheets ORDER BY id DESC LIMIT 1',
      ),
    };
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** Records a sheet and its meters: new ones added, known ones updated (all or nothing). */
  loadSheet(
    sheet: Omit<LoadedSheet, 'otherHeaders'> & { otherHeaders?: readonly string[] },
    meters: readonly MeterRecord[],
  ): { sheetId: number; added: number; updated: number } {
    const now = this.now();
    return this.db.transaction(() => {
      const sheetId = Number(
        this.s.addSheet.run({
          name: sheet.name,
          now,
          meters: meters.length,
          mapping: JSON.stringify(sheet.mapping),
          encoding: sheet.encoding,
          delimiter: sheet.delimiter,
          otherHeaders: JSON.stringify(sheet.otherHeaders ?? []),
        }).lastInsertRowid,
      );
      let updated = 0;
      for (const m of meters) {
        if ((this.s.exists.get(m.meterId)?.n ?? 0) > 0) updated++;
        this.s.upsert.run({
          meterId: m.meterId,
          sheetId,
          account: m.account,
          address: m.address,
          route: m.route,
          sequence: m.sequence,
          registerDigits: m.registerDigits,
          registerDecimals: m.registerDecimals,
          // The decimal mark is the sheet's formatting, not the reading's: stored with a point,
          // leading zeros kept.
          previousReading: m.previousReading?.replace(',', '.') ?? null,
          previousReadAt: m.previousReadAt,
          avgDailyUse: m.avgDailyUse,
          barcode: m.barcode ?? null,
          accountStatus: m.accountStatus ?? null,
          statusSince: m.statusSince ?? null,
          meterClass: m.meterClass ?? null,
          sheetCells:
            m.sheetCells && Object.keys(m.sheetCells).length > 0
              ? JSON.stringify(m.sheetCells)
              : null,
          now,
        });
      }
      return { sheetId, added: meters.length - updated, updated };
    })();
  }

  /** How a loaded sheet was read: what another desk needs to read its meters the same way. */
  sheetOf(sheetId: number): (LoadedSheet & { loadedAt: string }) | undefined {
    const row = this.s.sheet.get(sheetId);
    if (!row) return undefined;
    return {
      name: row.name,
      loadedAt: row.loaded_at,
      mapping: JSON.parse(row.mapping) as ColumnMapping,
      encoding: row.encoding,
      delimiter: row.delimiter,
      otherHeaders: JSON.parse(row.other_headers ?? '[]') as string[],
    };
  }

  get(meterId: string): StoredMeter | undefined {
    const row = this.s.get.get(meterId);
    return row ? toMeter(row) : undefined;
  }

  count(): number {
    return this.s.count.get()?.n ?? 0;
  }

  /** Every meter id (and account), for building the index photos are matched with. */
  ids(): { meterId: string; account: string | null }[] {
    return this.s.ids.all().map((r) => ({ meterId: r.meter_id, account: r.account }));
  }

  /** Every meter in walking order, without holding them all at once. */
  *inRouteOrder(): Generator<StoredMeter> {
    for (const row of this.s.inRouteOrder.iterate()) yield toMeter(row);
  }

  sheets(): RouteSheetInfo[] {
    return this.s.sheets.all();
  }

  /** The column mapping the last sheet was loaded with (the window offers it again). */
  /** The latest sheet's columns no field takes, in the sheet's order; [] before any. */
  otherHeaders(): string[] {
    return textsOf(this.s.otherHeaders.get()?.other_headers);
  }

  lastMapping(): ColumnMapping | null {
    const row = this.s.mapping.get();
    if (!row) return null;
    try {
      return JSON.parse(row.mapping) as ColumnMapping;
    } catch {
      return null;
    }
  }

  /**
   * Sets photos' meters. A photo whose reading a person confirmed keeps its meter. Returns the ids
   * that changed.
   */
  match(items: readonly { id: number; meterId: string | null; how: MatchHow | null }[]): number[] {
    const now = this.now();
    return this.db.transaction(() =>
      items.filter((it) => this.s.match.run({ ...it, now }).changes === 1).map((it) => it.id),
    )();
  }

  setReadDates(
    items: readonly {
      id: number;
      readAt: string;
      source: 'exif' | 'file_time';
      note: ReadDateNote | null;
    }[],
  ): void {
    this.db.transaction(() => {
      for (const { note, ...it } of items) {
        this.s.readDate.run({
          ...it,
          noteCode: note?.code ?? null,
          noteParams: note === null ? null : JSON.stringify(note.params),
        });
      }
    })();
  }

  /** Photos still without a read date, a page at a time (ids above `after`). */
  withoutReadDate(after: number): { id: number; path: string }[] {
    return this.s.withoutDate.all(after);
  }

  setPlausibility(
    items: readonly { id: number; level: CheckLevel | null; detail: ReadingCheck | null }[],
  ): number[] {
    return this.db.transaction(() =>
      items
        .filter(
          (it) =>
            this.s.assess.run({
              id: it.id,
              level: it.level,
              detail: it.detail === null ? null : JSON.stringify(it.detail),
            }).changes === 1,
        )
        .map((it) => it.id),
    )();
  }

  /**
   * The read dates of a route's read photos (its dates are judged against each other), the
   * newest ROUTE_DATE_SAMPLE: the median of those is the route's date, at a cost that does not
   * grow with the route.
   */
  routeReadDates(
    route: string | null,
  ): { id: number; readAt: string; source: 'exif' | 'file_time' }[] {
    return this.s.routeDates
      .all(route)
      .map((r) => ({ id: r.id, readAt: r.read_at, source: r.read_at_source }));
  }

  photoIdsOf(meterId: string): number[] {
    return this.s.photosOf.all(meterId).map((r) => r.id);
  }

  /**
   * The photos matching may (re)assign: not confirmed, not chosen by hand; only those without a
   * meter unless `all` (a new file-name pattern looks at every one).
   */
  matchCandidates(
    all: boolean,
  ): { id: number; path: string; relPath: string; meterId: string | null; addedAt: string }[] {
    return this.s.candidates.all(all ? 1 : 0).map((r) => ({
      id: r.id,
      path: r.path,
      relPath: r.rel_path,
      meterId: r.meter_id,
      addedAt: r.created_at,
    }));
  }

  /** The meters some photo is matched to (only their readings need checking). */
  metersWithPhotos(): string[] {
    return this.s.withPhotos.all().map((r) => r.meter_id);
  }

  matchedIds(): number[] {
    return this.s.matchedIds.all().map((r) => r.id);
  }
}
