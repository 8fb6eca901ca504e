// The folders (routes) that were added, each with its own progress; choosing one filters the table.
import { useShallow } from 'zustand/react/shallow';
import type { RootSummary } from '../../common/ipc';
import { baseName, formatCount } from '../lib/format';
import { finishedOf, photosOf } from '../lib/throughput';
import { useApp, useAppApi } from '../store/context';
import { ActivityLog } from './activity-log';
import { Icon } from './icon';

function RouteItem({
  root,
  active,
  onPick,
}: {
  root: RootSummary;
  active: boolean;
  onPick: () => void;
}): React.JSX.Element {
  const { counts } = root;
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
      >
        <span className="route-name">
          <Icon name="folder" /> <span className="ellipsis">{baseName(root.path)}</span>
        </span>
        <span className="route-meta muted">
          {formatCount(finished)} / {formatCount(photos)}
          {counts.needsReview > 0 && (
            <span className="route-review"> · {formatCount(counts.needsReview)} to review</span>
          )}
          {counts.failed > 0 && (
            <span className="tone-bad"> · {formatCount(counts.failed)} failed</span>
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
  const { roots, rootId, total } = useApp(
    useShallow((s) => ({ roots: s.roots, rootId: s.query.rootId, total: s.status.counts.total })),
  );
  const pick = (id: number | null): void => {
    api.getState().setQuery({ rootId: id });
  };
  return (
    <nav className="sidebar" aria-label="Folders">
      <div className="sidebar-head">
        <h2 className="section-title">Folders</h2>
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
            <span className="route-name">All folders</span>
            <span className="route-meta muted">{formatCount(total)} photos</span>
          </button>
        </li>
        {roots.map((root) => (
          <RouteItem
            key={root.id}
            root={root}
            active={rootId === root.id}
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
          <Icon name="plus" /> Add folder…
        </button>
        <p className="hint muted">or drop folders anywhere on this window</p>
        <ActivityLog />
      </div>
    </nav>
  );
}
