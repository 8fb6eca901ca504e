// The virtualized job table: only the rows in view (plus a few) are in the DOM, at fixed heights
// inside a spacer as tall as the whole list, so 100,000 rows scroll like 100. It is one focusable
// grid: arrow keys, Page Up/Down, Home and End move the selection, which the detail panel follows.
// Which rows are in view: use-grid-viewport.ts; the header with sorting and resizing:
// table-header.tsx.
import { useCallback, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JobSortKey } from '../../common/job-query';
import { baseName } from '../lib/format';
import { rowAt } from '../lib/row-pages';
import { useApp, useAppApi } from '../store/context';
import { JobRow, PlaceholderRow, ROW_HEIGHT, rowDomId } from './job-row';
import { useT } from '../i18n/i18n';
import { JOB_COLUMNS, shownColumns, type ColumnWidths } from './table-columns';
import { TableHeader } from './table-header';
import { useGridViewport } from './use-grid-viewport';

const OVERSCAN = 8;

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
  const { gridRef, width, first, last, visibleRows, onScroll } = useGridViewport({
    total,
    tableGen,
    selectedIndex,
  });
  const [widths, setWidths] = useState<ColumnWidths>({});
  const shown = useMemo(() => shownColumns(JOB_COLUMNS, width, widths), [width, widths]);
  const kept = useMemo(() => new Set(keptIds), [keptIds]);
  const rootNames = useMemo(() => new Map(roots.map((r) => [r.id, baseName(r.path)])), [roots]);

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
      onScroll={onScroll}
      data-testid="job-table"
    >
      <TableHeader
        columns={shown.columns}
        sort={sort}
        descending={descending}
        widths={widths}
        onSort={onSort}
        onResize={(id, w) => {
          setWidths((prev) => ({ ...prev, [id]: w }));
        }}
      />
      <div role="rowgroup" className="tbody" style={{ height: total * ROW_HEIGHT }}>
        {rows}
      </div>
    </div>
  );
}
