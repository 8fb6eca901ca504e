// Filters with their counts, the file-name search and the run-wide actions over the table.
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JobFilter } from '../../common/job-query';
import type { StateCounts } from '../../common/job-record';
import { MAX_SEARCH_CHARS } from '../../common/ipc';
import { formatCount } from '../lib/format';
import { pendingOf } from '../../common/throughput';
import { useApp, useAppApi } from '../store/context';
import { Icon } from './icon';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';

const FILTERS: readonly { id: JobFilter; count: (c: StateCounts) => number }[] = [
  { id: 'all', count: (c) => c.total },
  { id: 'in_progress', count: pendingOf },
  { id: 'to_review', count: (c) => c.photosToReview },
  { id: 'failed', count: (c) => c.failed },
  { id: 'done', count: (c) => c.done },
  { id: 'rejected', count: (c) => c.rejected },
  { id: 'held', count: (c) => c.held },
];

export const SEARCH_INPUT_ID = 'job-search';

export function Toolbar({ onStartReview }: { onStartReview: () => void }): React.JSX.Element {
  const api = useAppApi();
  const t = useT('app');
  const lang = useLang();
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
      <div className="filters" role="group" aria-label={t('toolbar.show')}>
        {FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            className={`filter${filter === f.id ? ' filter-active' : ''}${f.id === 'to_review' && counts.photosToReview > 0 ? ' filter-attn' : ''}`}
            aria-pressed={filter === f.id}
            onClick={() => {
              api.getState().setQuery({ filter: f.id });
            }}
            data-testid={`filter-${f.id}`}
          >
            {t(`filter.${f.id}`)}{' '}
            <span className="filter-count">
              {formatCount(found?.[f.id] ?? f.count(counts), lang)}
            </span>
          </button>
        ))}
      </div>
      <div className="toolbar-right">
        <label className="search">
          <Icon name="search" />
          <span className="sr-only">{t('toolbar.searchLabel')}</span>
          <input
            id={SEARCH_INPUT_ID}
            type="search"
            placeholder={t('toolbar.searchPlaceholder')}
            value={text}
            maxLength={MAX_SEARCH_CHARS}
            onChange={(e) => {
              onSearch(e.target.value);
            }}
          />
        </label>
        {counts.photosToReview > 0 && (
          <button type="button" className="btn btn-attn" onClick={onStartReview}>
            <Icon name="flag" /> {t('toolbar.review', { count: counts.photosToReview })}
          </button>
        )}
        {failedAll > 0 && (
          <button type="button" className="btn" onClick={() => void api.getState().retryFailed()}>
            <Icon name="retry" /> {t('toolbar.retryFailed', { n: failedAll })}
          </button>
        )}
      </div>
    </div>
  );
}
