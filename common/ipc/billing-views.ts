// What the backend answers about route sheets, meters and the billing export, as the window sees
// it: plain data, shaped for the billing screens (renderer/billing/).
import type { MeterHistory } from '../billing/meter-history-view';
import type { BillingRow, Confirmation, SkipCode } from '../billing/billing-row';
import type { SheetDialect } from '../billing/export-dialect';
import type { ColumnMapping } from '../billing/column-mapping';
import type { MeterState } from '../billing/meter-outcome';
import type { OutcomeNote, PhotoSpread } from '../billing/outcome-notes';
import type { MeterField, MeterRecord } from '../billing/meter-record';
import type { CheckLevel } from '../billing/plausibility-types';
import type { MatchHow, ReadingCheck } from '../billing/reading-check';
import type { CodeMismatch } from '../photo-codes';
import type { RowProblem } from '../billing/row-problem';
import type { EncodingGuess } from '../billing/encoding-guess';
import type { DateOrder } from '../billing/sheet-values';
import type { DecisionNote } from '../billing/outcome-notes';
import type { DecisionKind, StoredDecision } from '../billing/meter-decision';
import type { ReadType } from '../billing/billing-row';
import type { BillingLimitsView, OrderFilePreview, OrderFileSummary } from './order-file-views';

/** A route sheet the clerk chose, before it is loaded: enough to map its columns. */
export interface SheetPreview {
  readonly path: string;
  readonly name: string;
  readonly encoding: string;
  readonly delimiter: string;
  readonly encodingGuess: EncodingGuess | null;
  readonly headers: readonly string[];
  /** The first rows, for the mapping step's preview. */
  readonly sampleRows: readonly (readonly string[])[];
  /** The last saved mapping when it fits these headers, else what the headers suggest. */
  readonly mapping: ColumnMapping;
  readonly mappingSource: 'saved' | 'suggested';
  readonly unmappedRequired: readonly MeterField[];
  readonly dateOrderHint: DateOrder | null;
}

export type SheetChoice =
  | { readonly canceled: true }
  | { readonly canceled: false; readonly preview: SheetPreview }
  /** A billing system's order file (docs/billing-files.md): loaded by its profile, not mapped. */
  | { readonly canceled: false; readonly order: OrderFilePreview }
  | {
      readonly canceled: false;
      readonly path: string;
      readonly problems: readonly RowProblem[];
      readonly moreProblems: number;
    };

export type SheetLoadView =
  | {
      readonly ok: true;
      readonly meters: number;
      readonly added: number;
      readonly updated: number;
      readonly warnings: readonly RowProblem[];
      readonly encodingGuess: EncodingGuess | null;
      readonly matched: number;
      readonly unmatched: number;
    }
  | { readonly ok: false; readonly problems: readonly RowProblem[]; readonly moreProblems: number };

export interface RouteProgressView {
  readonly route: string | null;
  readonly meters: number;
  readonly confirmed: number;
  /** Read, but some checks could not run (common/billing/plausibility-inputs.ts). */
  readonly not_checked: number;
  readonly flagged: number;
  readonly skipped: number;
  readonly pending: number;
  readonly missing: number;
  /**
   * Photos of the route's meters a person still has to look at (jobs.to_review), as the photo
   * table's "Photos to review" counts them: one flagged meter may have several.
   */
  readonly photosToReview: number;
}

/** The route panel and the export dialog: sheets, pattern, progress, counts per filter. */
export interface BillingOverview {
  readonly sheets: readonly {
    readonly name: string;
    readonly meters: number;
    readonly loadedAt: string;
  }[];
  readonly pattern: string | null;
  readonly routes: readonly RouteProgressView[];
  readonly totals: Omit<RouteProgressView, 'route'>;
  /** Photos no meter claims (copies counted once). */
  readonly unmatchedPhotos: number;
  /** Meters with more than one different photo. */
  readonly twoPhotos: number;
  /** Meters sent for re-read whose new photo has not come back. */
  readonly rereads?: number;
  /** Photos still waiting to be sent or read (queued, uploading, submitted). */
  readonly notSent: number;
  /** Up to 20 meters that wait for review, in walking order, for the export's warning. */
  readonly flaggedMeters: readonly string[];
  /** The saved export template (JSON), or null for the built-in one. */
  readonly templateJson: string | null;
  /** The newest order file loaded (its return can be written); absent or null: none. */
  readonly orderFile?: OrderFileSummary | null;
  /**
   * 'office': the routes' meter counts are the office's (office mode: whichever desk read or
   * decided); absent: this desk's queue's.
   */
  readonly countedBy?: 'office';
}

export const METER_FILTERS = [
  'all',
  'flagged',
  'not_checked',
  'confirmed',
  'skipped',
  'pending',
  'missing',
  'two_photos',
  'reread',
  'unmatched',
] as const;
export type MeterFilter = (typeof METER_FILTERS)[number];

/** One line of the meter list: a meter with where it stands, or (filter unmatched) a photo. */
export interface MeterRow {
  readonly meterId: string | null;
  readonly account: string | null;
  readonly address: string | null;
  readonly route: string | null;
  readonly sequence: number | null;
  readonly state: MeterState | 'unmatched';
  readonly reading: string | null;
  readonly aiReading: string | null;
  readonly confirmation: Confirmation | null;
  readonly plausibility: CheckLevel | null;
  readonly skipCode: SkipCode | null;
  /** The photo used (or proposed), to open in the detail. */
  readonly jobId: number | null;
  readonly photo: string | null;
  readonly photos: number;
  readonly note: string;
  /** The clerk's decision for the meter (common/billing/meter-decision.ts), if any. */
  readonly decision?: DecisionKind | null;
  /** Sent for re-read, no new photo yet (the "re-read" filter). */
  readonly rereadPending?: boolean;
  /** Why the meter waits or is flagged, as a code (the window words it); absent or null: no reason. */
  readonly said?: OutcomeNote | null;
}

export interface MeterPage {
  readonly rows: readonly MeterRow[];
  readonly total: number;
}

/** A meter for the picker. */
export type MeterChoice = Pick<
  MeterRecord,
  'meterId' | 'account' | 'address' | 'route' | 'sequence'
>;

/** A meter in full for the detail: the sheet's fields, the clerk's entry and its outcome. */
export interface MeterDetail {
  readonly meter: MeterRecord & {
    readonly skipCode: SkipCode | null;
    readonly skipNote: string | null;
    readonly typedReading: string | null;
    readonly typedAt: string | null;
  };
  readonly state: MeterState;
  readonly reading: string | null;
  readonly confirmation: Confirmation | null;
  readonly note: string;
  /** Its different photos come from several folders or days (common/billing/meter-outcome.ts). */
  readonly spread?: PhotoSpread | null;
  readonly chosenJobId: number | null;
  readonly check: ReadingCheck | null;
  readonly matchHow: MatchHow | null;
  /** The chosen photo's code names another meter of the route (issue 25); absent: none does. */
  readonly codeMismatch?: (CodeMismatch & { readonly jobId: number }) | null;
  // The decision's part (issue 22): optional so that a view built without decisions (a test's
  // stand-in backend) stays valid; the backend always sends them.
  /** The clerk's decision, undone with undoMeterDecision. */
  readonly decision?: StoredDecision | null;
  readonly readType?: ReadType;
  /** Units billed since the previous reading (a decision's, or the check's); null when unknown. */
  readonly consumption?: number | null;
  readonly decisionNotes?: readonly DecisionNote[];
  readonly rereadPending?: boolean;
  /** The route's read day (a local date): a typed reading's or an estimate's date unless changed. */
  readonly readDay?: string;
  /** Its imported and exported history (issue 33): the chart beside the photo; null: none. */
  readonly history?: MeterHistory | null;
  /** Why the meter waits or is flagged, as a code (the window words it); absent or null: no reason. */
  readonly said?: OutcomeNote | null;
  /** Billing's own limits from the order file the meter came from; absent or null: none. */
  readonly billingLimits?: BillingLimitsView | null;
}

export interface FileWritten {
  readonly path: string;
  readonly rows: number;
}

export interface BillingWritten extends FileWritten {
  /** Meters with a reading in the file (rows with use_on_bill or a reading). */
  readonly readings: number;
  readonly skipped: number;
  readonly unmatched: number;
  readonly replaced: number;
}

/** What the billing export's dialog previews and explains before anything is written. */
export interface BillingPreview {
  /** The first rows of the export in its scope, as records (the window writes them as lines). */
  readonly rows: readonly BillingRow[];
  /** The loaded sheet's dialect: without a saved template the export follows it. */
  readonly dialect: SheetDialect | null;
  /** The office's time zone, read_at's (common/billing/export-read-at.ts). */
  readonly timeZone: string;
  /** The loaded sheet's columns no field takes, which a template can carry through. */
  readonly sheetColumns: readonly string[];
}

export type Saved<T> = ({ readonly canceled: false } & T) | { readonly canceled: true };
