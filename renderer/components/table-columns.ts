// Which columns of the photo table fit, and how wide each is. A narrow window (1024 px with the
// folder list and the detail panel open) drops the columns an office can do without before the
// file name or the reading is cut off; a column the clerk widened by hand keeps its width.
import type { JobSortKey } from '../../common/job-query';

export interface Column {
  readonly id: 'file' | 'folder' | 'status' | 'reading' | 'type' | 'source' | 'review' | 'error';
  readonly sort?: JobSortKey;
  /** The CSS grid track while the clerk has not resized it. */
  readonly track: string;
  /** The narrowest it may be, in px. */
  readonly min: number;
  /**
   * The width it asks for before an optional column stays: the file column whole names of the
   * usual length, the others their track's maximum (a grid gives fixed tracks their maximum
   * before the flexible file column gets anything). Any column can still shrink to `min` when
   * nothing optional is left to drop.
   */
  readonly want?: number;
  /** May be left out when the table is narrow; dropped last first. */
  readonly optional?: boolean;
}

/** Widths (px) the clerk dragged columns to, by column id. */
export type ColumnWidths = Readonly<Partial<Record<Column['id'], number>>>;

export interface ShownColumns {
  readonly columns: readonly Column[];
  readonly hidden: readonly Column['id'][];
  readonly style: React.CSSProperties;
}

const need = (cols: readonly Column[], widths: ColumnWidths, wanted = false): number =>
  cols.reduce((sum, c) => sum + (widths[c.id] ?? (wanted ? (c.want ?? c.min) : c.min)), 0);

export function shownColumns(
  all: readonly Column[],
  width: number,
  widths: ColumnWidths,
): ShownColumns {
  let columns = all;
  const hidden: Column['id'][] = [];
  const droppable = all.filter((c) => c.optional).reverse();
  for (const col of droppable) {
    if (need(columns, widths, true) <= width) break;
    columns = columns.filter((c) => c.id !== col.id);
    hidden.push(col.id);
  }
  const tracks = columns.map((c) => {
    const w = widths[c.id];
    return w === undefined ? c.track : `${String(w)}px`;
  });
  return {
    columns,
    hidden,
    style: {
      ['--cols' as string]: tracks.join(' '),
      ['--table-min' as string]: `${String(need(columns, widths))}px`,
    },
  };
}

/** The photo table's columns, in order. */
export const JOB_COLUMNS: readonly Column[] = [
  { id: 'file', sort: 'file', track: 'minmax(140px, 3fr)', min: 140, want: 220 },
  { id: 'folder', track: 'minmax(72px, 1fr)', min: 72, optional: true },
  { id: 'status', sort: 'state', track: 'minmax(84px, 104px)', min: 84, want: 104 },
  { id: 'reading', sort: 'reading', track: 'minmax(112px, 124px)', min: 112, want: 124 },
  { id: 'type', track: 'minmax(72px, 96px)', min: 72, want: 96, optional: true },
  { id: 'source', track: 'minmax(80px, 96px)', min: 80, want: 96, optional: true },
  { id: 'review', track: 'minmax(120px, 128px)', min: 120, want: 128 },
  { id: 'error', track: 'minmax(84px, 1fr)', min: 84 },
];
