// Filters with their counts, the file-name search and the run-wide actions over the table.
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JobFilter } from '../../common/job-query';
import type { StateCounts } from '../../common/job-record';
import { MAX_SEARCH_CHARS } from '../../common/ipc';
import { formatCount } from '../lib/format';
import { pendingOf } from '../lib/throughput';
import { useApp, useAppApi } from '../store/context';
import { Icon } from './icon';

const FILTERS: readonly { id: JobFilter; label: string; count: (c: StateCounts) => number }[] = [
  { id: 'all', label: 'All', count: (c) => c.total },
  { id: 'in_progress', label: 'In progress', count: pendingOf },
  { id: 'needs_review', label: 'Needs review', count: (c) => c.needsReview },
  { id: 'failed', label: 'Failed', count: (c) => c.failed },
  { id: 'done', label: 'Done', count: (c) => c.done },
  { id: 'rejected', label: 'Not sent', count: (c) => c.rejected },
];

export const SEARCH_INPUT_ID = 'job-search';

export function Toolbar({ onStartReview }: { onStartReview: () => void }): React.JSX.Element {
  const api = useAppApi();
  const { filter, search, counts, found, failedAll } = useApp(
    useShallow((s) => {
      const root = s.query.rootId === null ? null : s.roots.find((r) => r.id === s.query.rootId);
      return {
        filter: s.query.filter,
        search: s.query.search,
        counts: root?.counts ?? s.status.counts,
        // With a search, each filter counts what the search finds.
        found: s.searchCounts,
        // "Retry failed" acts on every folder, so it counts every folder.
        failedAll: s.status.counts.failed,
      };
    }),
  );
  const [text, setText] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    setText(search);
  }, [search]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const onSearch = (value: string): void => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      api.getState().setQuery({ search: value });
    }, 200);
  };
  return (
    <div className="toolbar">
      <div className="filters" role="group" aria-label="Show">
        {FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            className={`filter${filter === f.id ? ' filter-active' : ''}${f.id === 'needs_review' && counts.needsReview > 0 ? ' filter-attn' : ''}`}
            aria-pressed={filter === f.id}
            onClick={() => {
              api.getState().setQuery({ filter: f.id });
            }}
            data-testid={`filter-${f.id}`}
          >
            {f.label}{' '}
            <span className="filter-count">{formatCount(found?.[f.id] ?? f.count(counts))}</span>
          </button>
        ))}
      </div>
      <div className="toolbar-right">
        <label className="search">
          <Icon name="search" />
          <span className="sr-only">Search by file name</span>
          <input
            id={SEARCH_INPUT_ID}
            type="search"
            placeholder="Search file names  ( / )"
            value={text}
            maxLength={MAX_SEARCH_CHARS}
            onChange={(e) => {
              onSearch(e.target.value);
            }}
          />
        </label>
        {counts.needsReview > 0 && (
          <button type="button" className="btn btn-attn" onClick={onStartReview}>
            <Icon name="flag" /> Review {formatCount(counts.needsReview)}
          </button>
        )}
        {failedAll > 0 && (
          <button type="button" className="btn" onClick={() => void api.getState().retryFailed()}>
            <Icon name="retry" /> Retry {formatCount(failedAll)} failed
          </button>
        )}
      </div>
    </div>
  );
}
