import { useShallow } from 'zustand/react/shallow';
import { useApp, useAppApi } from '../store/context';
import { Icon } from './icon';

/** No photos yet: one large, obvious place to start. */
export function EmptyState(): React.JSX.Element {
  const api = useAppApi();
  const { sampleFolder, kind } = useApp(
    useShallow((s) => ({ sampleFolder: s.service.sampleFolder, kind: s.service.kind })),
  );
  return (
    <section className="empty" aria-labelledby="empty-title" data-testid="empty-state">
      <div className="empty-card">
        <span className="empty-icon" aria-hidden="true">
          <Icon name="folder" />
        </span>
        <h2 id="empty-title">Drop folders of meter photos here</h2>
        <p className="muted">
          MeterDesk reads every JPEG, PNG and WEBP photo in them, sends each one to the reading
          service once and follows it to its final reading. Nothing is lost if the network or the
          service goes away.
        </p>
        <div className="empty-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void api.getState().addFolders()}
          >
            <Icon name="plus" /> Add folder…
          </button>
          {kind === 'sandbox' && sampleFolder && (
            <button
              type="button"
              className="btn"
              onClick={() => void api.getState().addPaths([sampleFolder])}
              data-testid="add-samples"
            >
              <Icon name="folder" /> Add the sample photos
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/** Photos exist, but none match the filter or search. */
export function NoMatches(): React.JSX.Element {
  const api = useAppApi();
  const search = useApp((s) => s.query.search);
  return (
    <div className="no-matches" role="status">
      <p>
        {search.trim()
          ? `No file names contain “${search.trim()}” here.`
          : 'Nothing here right now.'}
      </p>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => {
          api.getState().setQuery({ filter: 'all', search: '' });
        }}
      >
        Show all photos
      </button>
    </div>
  );
}
