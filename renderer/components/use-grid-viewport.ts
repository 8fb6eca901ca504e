// Which rows of the virtualized photo table are in view: the grid's size (a ResizeObserver), its
// scroll position, back to the top for a new query, the store told the rows in view (so it loads
// their pages), and the selected row scrolled into view when the keyboard moves it.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useAppApi } from '../store/context';
import { ROW_HEIGHT } from './job-row';

/** When the grid has no layout yet (tests, first paint), assume a typical size. */
const FALLBACK_HEIGHT = 600;
const FALLBACK_WIDTH = 900;

export interface GridViewport {
  readonly gridRef: React.RefObject<HTMLDivElement | null>;
  /** The grid's width in px, for the columns that fit. */
  readonly width: number;
  /** The first and last row index in view. */
  readonly first: number;
  readonly last: number;
  /** How many rows one screen holds (Page Up/Down). */
  readonly visibleRows: number;
  readonly onScroll: (e: React.UIEvent<HTMLDivElement>) => void;
}

export function useGridViewport({
  total,
  tableGen,
  selectedIndex,
}: {
  total: number;
  tableGen: number;
  selectedIndex: number | null;
}): GridViewport {
  const api = useAppApi();
  const gridRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(FALLBACK_HEIGHT);
  const [width, setWidth] = useState(FALLBACK_WIDTH);

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

  const onScroll = (e: React.UIEvent<HTMLDivElement>): void => {
    setScrollTop(e.currentTarget.scrollTop);
  };
  return { gridRef, width, first, last, visibleRows, onScroll };
}
