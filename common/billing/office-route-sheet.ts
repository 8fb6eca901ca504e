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

export interface OfficeRouteSheet {
  routeKey: string;
  /** The hash of what the route holds (its sheet and meters), as the office has it. */
  sheetSha256: string;
  sheet: OfficeSheet;
  meters: MeterRecord[];
}
