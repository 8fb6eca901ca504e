// The folders (routes) that were added, each with its own progress (and a mark on a watched one);
// choosing one filters the table.
import { useShallow } from 'zustand/react/shallow';
import type { RootSummary } from '../../common/ipc';
import { baseName, formatCount } from '../lib/format';
import { finishedOf, photosOf } from '../../common/throughput';
import { useApp, useAppApi } from '../store/context';
import { ActivityLog } from './activity-log';
import { Icon } from './icon';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';

function RouteItem({
  root,
  active,
  watched,
  onPick,
}: {
  root: RootSummary;
  active: boolean;
  /** A watch folder: new photos in it are added by themselves. */
  watched: boolean;
  onPick: () => void;
}): React.JSX.Element {
  const { counts } = root;
  const t = useT('app');
  const lang = useLang();
  const finished = finishedOf(counts);
  const photos = photosOf(counts);
  const fraction = photos > 0 ? finished / photos : 0;
  return (
    <li>
      <button
        type="button"
        className={`route${active ? ' route-active' : ''}`}
        aria-pressed={active}
        onClick={onPick}
        title={root.path}
        data-i18n-title="data"
      >
        <span className="route-name">
          <Icon name="folder" />{' '}
          <span className="route-folder" data-i18n-skip="data">
            {baseName(root.path)}
          </span>
          {watched && (
            <span className="tag route-watched" data-testid="route-watched">
              {t('routes.watched')}
            </span>
          )}
        </span>
        <span className="route-meta muted">
          {formatCount(finished, lang)} / {formatCount(photos, lang)}
          {counts.photosToReview > 0 && (
            <span className="route-review">
              {' '}
              · {t('routes.photosToReview', { count: counts.photosToReview })}
            </span>
          )}
          {counts.failed > 0 && (
            <span className="tone-bad"> · {t('routes.failed', { n: counts.failed })}</span>
          )}
        </span>
        <span className="minibar" aria-hidden="true">
          <span style={{ width: `${String(fraction * 100)}%` }} />
        </span>
      </button>
    </li>
  );
}

export function RoutesSidebar(): React.JSX.Element {
  const api = useAppApi();
  const t = useT('app');
  const { roots, rootId, total, watchFolders } = useApp(
    useShallow((s) => ({
      roots: s.roots,
      rootId: s.query.rootId,
      total: s.status.counts.total,
      watchFolders: s.settings.watchFolders,
    })),
  );
  const pick = (id: number | null): void => {
    api.getState().setQuery({ rootId: id });
  };
  return (
    <nav className="sidebar" aria-label={t('routes.title')}>
      <div className="sidebar-head">
        <h2 className="section-title">{t('routes.title')}</h2>
      </div>
      <ul className="routes">
        <li>
          <button
            type="button"
            className={`route${rootId === null ? ' route-active' : ''}`}
            aria-pressed={rootId === null}
            onClick={() => {
              pick(null);
            }}
          >
            <span className="route-name">{t('routes.all')}</span>
            <span className="route-meta muted">{t('routes.photos', { count: total })}</span>
          </button>
        </li>
        {roots.map((root) => (
          <RouteItem
            key={root.id}
            root={root}
            active={rootId === root.id}
            watched={watchFolders.includes(root.path)}
            onPick={() => {
              pick(root.id);
            }}
          />
        ))}
      </ul>
      <div className="sidebar-foot">
        <button
          type="button"
          className="btn btn-block"
          onClick={() => void api.getState().addFolders()}
        >
          <Icon name="plus" /> {t('routes.addFolder')}
        </button>
        <p className="hint muted">{t('routes.dropHint')}</p>
        <ActivityLog />
      </div>
    </nav>
  );
}
