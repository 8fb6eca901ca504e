// The virtualized job table: only the rows in view (plus a few) are in the DOM, at fixed heights
// inside a spacer as tall as the whole list, so 100,000 rows scroll like 100. It is one focusable
// grid: arrow keys, Page Up/Down, Home and End move the selection, which the detail panel follows.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JobSortKey } from '../../common/job-query';
import { baseName } from '../lib/format';
import { rowAt } from '../lib/row-pages';
import { useApp, useAppApi } from '../store/context';
import { JobRow, PlaceholderRow, ROW_HEIGHT, rowDomId } from './job-row';
import { useT } from '../i18n/i18n';
import { ColumnResizer } from './column-resizer';
import { shownColumns, type Column, type ColumnWidths } from './table-columns';

const OVERSCAN = 8;
/** When the grid has no layout yet (tests, first paint), assume a typical height. */
const FALLBACK_HEIGHT = 600;
const FALLBACK_WIDTH = 900;

const COLUMNS: readonly Column[] = [
  { id: 'file', sort: 'file', track: 'minmax(140px, 3fr)', min: 140, want: 220 },
  { id: 'folder', track: 'minmax(72px, 1fr)', min: 72, optional: true },
  { id: 'status', sort: 'state', track: 'minmax(84px, 104px)', min: 84, want: 104 },
  { id: 'reading', sort: 'reading', track: 'minmax(112px, 124px)', min: 112, want: 124 },
  { id: 'type', track: 'minmax(72px, 96px)', min: 72, want: 96, optional: true },
  { id: 'source', track: 'minmax(80px, 96px)', min: 80, want: 96, optional: true },
  { id: 'review', track: 'minmax(120px, 128px)', min: 120, want: 128 },
  { id: 'error', track: 'minmax(84px, 1fr)', min: 84 },
];

export const TABLE_ID = 'job-table';

export function JobTable(): React.JSX.Element {
  const api = useAppApi();
  const { total, pages, selectedId, selectedIndex, tableGen, sort, descending, roots, aiOffline } =
    useApp(
      useShallow((s) => ({
        total: s.total,
        pages: s.pages,
        selectedId: s.selectedId,
        selectedIndex: s.selectedIndex,
        tableGen: s.tableGen,
        sort: s.query.sort,
        descending: s.query.descending,
        roots: s.roots,
        aiOffline: s.status.ai !== null && !s.status.ai.isOnline,
      })),
    );
  const t = useT('desk');
  const keptIds = useApp((s) => s.keptIds);
  const gridRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(FALLBACK_HEIGHT);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  const [widths, setWidths] = useState<ColumnWidths>({});
  const shown = useMemo(() => shownColumns(COLUMNS, width, widths), [width, widths]);
  const kept = useMemo(() => new Set(keptIds), [keptIds]);
  const rootNames = useMemo(() => new Map(roots.map((r) => [r.id, baseName(r.path)])), [roots]);

  // A new query starts at the top.
  useLayoutEffect(() => {
    if (gridRef.current) gridRef.current.scrollTop = 0;
    setScrollTop(0);
  }, [tableGen]);

  useEffect(() => {
    const el = gridRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      setHeight(el.clientHeight || FALLBACK_HEIGHT);
      setWidth(el.clientWidth || FALLBACK_WIDTH);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, []);

  const bodyHeight = Math.max(0, height - ROW_HEIGHT);
  const visibleRows = Math.max(1, Math.ceil(bodyHeight / ROW_HEIGHT));
  const first = Math.floor(scrollTop / ROW_HEIGHT);
  const last = Math.min(total - 1, first + visibleRows);

  useEffect(() => {
    api.getState().setViewport(first, first + visibleRows);
  }, [api, first, visibleRows, tableGen]);

  // Keep the selection in view when the keyboard moves it.
  useEffect(() => {
    const el = gridRef.current;
    if (!el || selectedIndex === null) return;
    const top = selectedIndex * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + bodyHeight) {
      el.scrollTop = top + ROW_HEIGHT - bodyHeight;
    }
  }, [selectedIndex, bodyHeight]);

  const onPick = useCallback(
    (id: number, index: number) => {
      api.getState().select(id, index);
      gridRef.current?.focus({ preventScroll: true });
    },
    [api],
  );

  const onKeyDown = (e: React.KeyboardEvent): void => {
    const move = (delta: number): void => {
      e.preventDefault();
      void api.getState().moveSelection(delta);
    };
    switch (e.key) {
      case 'ArrowDown':
        move(1);
        break;
      case 'ArrowUp':
        move(-1);
        break;
      case 'PageDown':
        move(visibleRows);
        break;
      case 'PageUp':
        move(-visibleRows);
        break;
      case 'Home':
        move(-total);
        break;
      case 'End':
        move(total);
        break;
      default:
    }
  };

  const onSort = (key: JobSortKey): void => {
    const state = api.getState();
    if (sort !== key) state.setQuery({ sort: key, descending: false });
    else if (!descending) state.setQuery({ descending: true });
    else state.setQuery({ sort: 'id', descending: false });
  };

  const rows: React.JSX.Element[] = [];
  let selectedInView = false;
  const from = Math.max(0, first - OVERSCAN);
  const to = Math.min(total - 1, last + OVERSCAN);
  for (let i = from; i <= to; i++) {
    const job = rowAt(pages, i);
    if (job && job.id === selectedId) selectedInView = true;
    rows.push(
      job ? (
        <JobRow
          key={job.id}
          job={job}
          index={i}
          rootName={rootNames.get(job.rootId) ?? ''}
          selected={job.id === selectedId}
          aiOffline={aiOffline}
          kept={kept.has(job.id)}
          onPick={onPick}
        />
      ) : (
        <PlaceholderRow key={`p${String(i)}`} index={i} />
      ),
    );
  }

  return (
    <div
      id={TABLE_ID}
      ref={gridRef}
      className="grid"
      role="grid"
      aria-label={t('table.label')}
      aria-rowcount={total + 1}
      aria-colcount={shown.columns.length}
      data-hidden-columns={shown.hidden.join(' ') || undefined}
      style={shown.style}
      aria-activedescendant={
        selectedInView && selectedId !== null ? rowDomId(selectedId) : undefined
      }
      tabIndex={0}
      onKeyDown={onKeyDown}
      onScroll={(e) => {
        setScrollTop(e.currentTarget.scrollTop);
      }}
      data-testid="job-table"
    >
      <div role="rowgroup" className="thead">
        <div role="row" aria-rowindex={1} className="tr tr-head">
          {shown.columns.map((col) => {
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
                      setWidths((prev) => ({ ...prev, [col.id]: w }));
                    }}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      <div role="rowgroup" className="tbody" style={{ height: total * ROW_HEIGHT }}>
        {rows}
      </div>
    </div>
  );
}
