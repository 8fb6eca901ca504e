// A route of the office's record as every desk of the office receives it (issue 30, item 1): the
// sheet it came from, how that sheet was read, and every meter the sheet describes. A desk that
// never loaded the sheet matches and checks its photos against these meters as if it had.
import type { ColumnMapping } from './column-mapping';
import type { MeterRecord } from './meter-record';

/** How a route's sheet was read at the desk that loaded it. */
export interface OfficeSheet {
  name: string;
  mapping: ColumnMapping;
  encoding: string;
  delimiter: string;
  otherHeaders: string[];
}

/**
 * The billing system's order file a route was loaded from (issue 31), byte for byte: a desk that
 * never loaded it keeps it too, so its own return file is written from the same bytes.
 */
export interface OfficeRouteOrderFile {
  name: string;
  /** The profile's JSON as the loading desk checked it. */
  profile: string;
  bytes: Uint8Array;
  sha256: string;
  /** The file's modification time (ISO) at the loading desk; null when unknown. */
  fileTime: string | null;
}

export interface OfficeRouteSheet {
  routeKey: string;
  /** The hash of what the route holds (its sheet, meters and order file), as the office has it. */
  sheetSha256: string;
  sheet: OfficeSheet;
  meters: MeterRecord[];
  /** Absent: the route was loaded from a route sheet, not an order file. */
  orderFile?: OfficeRouteOrderFile;
}
