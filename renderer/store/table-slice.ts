// The job table: the query (filter, route, search, sort), the sparse pages on screen and the
// selection. Pushed rows are patched in place at once; the pages on screen are re-read at most
// once per refresh interval so that rows entering or leaving a filter follow without a jump.
import type { IpcError, JobPage } from '../../common/ipc';
import type { JobFilter, JobQuery, JobSortKey } from '../../common/job-query';
import type { JobRecord } from '../../common/job-record';
import {
  indexOfId,
  NO_PAGES,
  PAGE_SIZE,
  pageOf,
  pagesCovering,
  patchPages,
  putPage,
  rowAt,
  type Pages,
} from '../lib/row-pages';
import { latestOnlyBy } from '../lib/latest-only';
import { matchesQuery } from '../lib/query-match';
import { throttle } from '../lib/throttle';
import { MAX_KEPT_ROWS } from '../../common/ipc/limits';
import { countByFilter, type FilterCounts } from './search-counts';
import type { SliceCreator } from './types';

export interface TableQuery {
  readonly filter: JobFilter;
  readonly rootId: number | null;
  readonly search: string;
  readonly sort: JobSortKey;
  readonly descending: boolean;
}

export interface Viewport {
  readonly first: number;
  readonly last: number;
}

export interface TableSlice {
  query: TableQuery;
  total: number;
  pages: Pages;
  /** Changes with every new query: the table scrolls to the top and old answers are dropped. */
  tableGen: number;
  tableLoaded: boolean;
  tableError: IpcError | null;
  view: Viewport;
  selectedId: number | null;
  /** Where the selection is in the list, so the table can keep it in view. */
  selectedIndex: number | null;
  /** The filter counts of the current search; null without a search (the status counts serve). */
  searchCounts: FilterCounts | null;
  /**
   * Rows reviewed in this list that stay in view, marked done, although the filter no longer
   * holds them: they leave when the clerk moves the selection on or changes the query.
   */
  keptIds: readonly number[];
  keepInView(id: number): void;
  setQuery(patch: Partial<TableQuery>): void;
  setViewport(first: number, last: number): void;
  reloadTable(): Promise<void>;
  refreshTable(): Promise<void>;
  scheduleTableRefresh(): void;
  cancelTableRefresh(): void;
  applyJobs(jobs: readonly JobRecord[]): void;
  /** `stay`: a move made by the review itself (to the next row), the reviewed rows stay. */
  select(id: number | null, index?: number | null, stay?: boolean): void;
  moveSelection(delta: number, stay?: boolean): Promise<void>;
}

export const DEFAULT_QUERY: TableQuery = {
  filter: 'all',
  rootId: null,
  search: '',
  sort: 'id',
  descending: false,
};

/** Rows fetched beyond the visible ones, so a small scroll shows rows at once. */
const OVERSCAN_ROWS = 60;

export function toJobQuery(q: TableQuery): JobQuery {
  return {
    filter: q.filter,
    sort: q.sort,
    descending: q.descending,
    ...(q.rootId !== null && { rootId: q.rootId }),
    ...(q.search.trim() !== '' && { search: q.search.trim() }),
  };
}

export const createTableSlice: SliceCreator<TableSlice> = (set, get, { bridge, refreshMs }) => {
  // A page scrolled to is asked for once while on its way; a refresh always asks again (an answer
  // already on its way may predate the change), and only the newest answer for a page is kept.
  const inFlight = new Map<string, Promise<void>>();
  const pageReplies = latestOnlyBy();

  const fetchPage = (page: number, gen: number, replace: boolean): Promise<void> => {
    const key = `${String(gen)}:${String(page)}`;
    const running = inFlight.get(key);
    if (running && !replace) return running;
    const newest = pageReplies.ticket(key);
    const work = (async () => {
      const kept = get().keptIds;
      const reply = await bridge.queryJobs({
        ...toJobQuery(get().query),
        ...(kept.length > 0 && { keepIds: [...kept] }),
        offset: page * PAGE_SIZE,
        limit: PAGE_SIZE,
      });
      // A newer request for this page owns its place in inFlight and its answer.
      if (!newest()) return;
      inFlight.delete(key);
      if (gen !== get().tableGen) return;
      if (!reply.ok) {
        set({ tableError: reply.error, tableLoaded: true });
        return;
      }
      const value: JobPage = reply.value;
      set((s) => ({
        pages: putPage(s.pages, page, value.rows, pageOf(s.view.first)),
        total: value.total,
        tableLoaded: true,
        tableError: null,
      }));
    })();
    inFlight.set(key, work);
    return work;
  };

  const visiblePages = (): number[] => {
    const { view, total } = get();
    // Before the first answer the total is unknown: page 0 tells it.
    if (!get().tableLoaded) return [0];
    return pagesCovering(view.first - OVERSCAN_ROWS, view.last + OVERSCAN_ROWS, Math.max(total, 1));
  };

  const recount = async (gen: number): Promise<void> => {
    const counts = await countByFilter(bridge, toJobQuery(get().query));
    if (gen === get().tableGen && get().query.search.trim() !== '') set({ searchCounts: counts });
  };

  const refreshLater = throttle(() => void get().refreshTable(), refreshMs);

  return {
    query: DEFAULT_QUERY,
    total: 0,
    pages: NO_PAGES,
    tableGen: 0,
    tableLoaded: false,
    tableError: null,
    view: { first: 0, last: 40 },
    selectedId: null,
    selectedIndex: null,
    searchCounts: null,
    keptIds: [],

    keepInView(id) {
      const kept = get().keptIds;
      if (kept.includes(id)) return;
      set({ keptIds: [...kept, id].slice(-MAX_KEPT_ROWS) });
    },

    setQuery(patch) {
      set((s) => ({ query: { ...s.query, ...patch } }));
      // A photo the new search (or filter, or route) hides leaves the detail panel with it: the
      // keys (A, E) must never act on a row the clerk cannot see in the list.
      const shown = get().detail?.job;
      if (shown && shown.id === get().selectedId && !matchesQuery(shown, get().query)) {
        get().select(null);
      }
      void get().reloadTable();
    },

    setViewport(first, last) {
      set({ view: { first, last } });
      const { pages, tableGen } = get();
      for (const page of visiblePages()) {
        if (!pages.has(page)) void fetchPage(page, tableGen, false);
      }
    },

    async reloadTable() {
      refreshLater.cancel();
      if (get().query.search.trim() === '') set({ searchCounts: null });
      else void recount(get().tableGen + 1);
      const gen = get().tableGen + 1;
      set((s) => ({
        tableGen: gen,
        keptIds: [],
        pages: NO_PAGES,
        tableLoaded: false,
        view: { first: 0, last: Math.max(40, s.view.last - s.view.first) },
        selectedIndex: null,
      }));
      await fetchPage(0, gen, true);
      const more = visiblePages().filter((p) => p !== 0);
      await Promise.all(more.map((p) => fetchPage(p, gen, true)));
    },

    async refreshTable() {
      const gen = get().tableGen;
      const wanted = visiblePages();
      // Pages off screen would be stale: drop them, they are fetched again when scrolled to.
      set((s) => {
        const kept = new Map([...s.pages].filter(([p]) => wanted.includes(p)));
        return { pages: kept };
      });
      if (get().query.search.trim() !== '') void recount(gen);
      await Promise.all(wanted.map((p) => fetchPage(p, gen, true)));
    },

    scheduleTableRefresh() {
      refreshLater();
    },

    cancelTableRefresh() {
      refreshLater.cancel();
    },

    applyJobs(jobs) {
      const { pages } = get();
      const next = patchPages(pages, jobs);
      if (next !== pages) set({ pages: next });
      const selected = get().selectedId;
      if (selected !== null && jobs.some((j) => j.id === selected)) get().jobChanged(selected);
    },

    select(id, index = null, stay = false) {
      if (id === get().selectedId) {
        if (index !== null) set({ selectedIndex: index });
        return;
      }
      set({ selectedId: id, selectedIndex: index });
      // The clerk moved on: the rows reviewed so far leave the list at the next refresh.
      if (!stay && get().keptIds.length > 0) {
        set({ keptIds: [] });
        get().scheduleTableRefresh();
      }
      void get().loadDetail(id);
    },

    async moveSelection(delta, stay = false) {
      const { selectedId, total, view } = get();
      if (total === 0) return;
      let index = selectedId === null ? -1 : indexOfId(get().pages, selectedId);
      if (index < 0) index = selectedId === null ? (delta > 0 ? -1 : total) : view.first - delta;
      const target = Math.max(0, Math.min(total - 1, index + delta));
      let row = rowAt(get().pages, target);
      if (!row) {
        await fetchPage(pageOf(target), get().tableGen, false);
        row = rowAt(get().pages, target);
      }
      if (row) get().select(row.id, target, stay);
    },
  };
};
