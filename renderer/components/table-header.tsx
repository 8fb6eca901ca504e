// The photo table's header row: a column's name sorts by it (once ascending, again descending, a
// third time back to the queue's order), and its right edge resizes it.
import type { JobSortKey } from '../../common/job-query';
import { useT } from '../i18n/i18n';
import { ColumnResizer } from './column-resizer';
import type { Column, ColumnWidths } from './table-columns';

export function TableHeader({
  columns,
  sort,
  descending,
  widths,
  onSort,
  onResize,
}: {
  columns: readonly Column[];
  sort: JobSortKey;
  descending: boolean;
  widths: ColumnWidths;
  onSort: (key: JobSortKey) => void;
  onResize: (id: Column['id'], width: number) => void;
}): React.JSX.Element {
  const t = useT('desk');
  return (
    <div role="rowgroup" className="thead">
      <div role="row" aria-rowindex={1} className="tr tr-head">
        {columns.map((col) => {
          const sorted = col.sort !== undefined && sort === col.sort;
          const label = t(`table.column.${col.id}`);
          return (
            <div
              key={col.id}
              role="columnheader"
              className={`th th-${col.id}`}
              aria-sort={sorted ? (descending ? 'descending' : 'ascending') : undefined}
            >
              {col.sort ? (
                <button
                  type="button"
                  className="th-sort"
                  onClick={() => {
                    if (col.sort) onSort(col.sort);
                  }}
                  title={t('table.sortBy', { column: label })}
                >
                  {label}
                  <span className="sort-mark" aria-hidden="true">
                    {sorted ? (descending ? '▼' : '▲') : ''}
                  </span>
                </button>
              ) : (
                label
              )}
              {col.id !== 'error' && (
                <ColumnResizer
                  label={t('table.resize', { column: label })}
                  width={widths[col.id] ?? null}
                  min={col.min}
                  onResize={(w) => {
                    onResize(col.id, w);
                  }}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
