import { useShallow } from 'zustand/react/shallow';
import { useApp, useAppApi } from '../store/context';
import { Icon } from './icon';
import { useT } from '../i18n/i18n';

/** No photos yet: one large, obvious place to start. */
export function EmptyState(): React.JSX.Element {
  const api = useAppApi();
  const t = useT('app');
  const { sampleFolder, kind } = useApp(
    useShallow((s) => ({ sampleFolder: s.service.sampleFolder, kind: s.service.kind })),
  );
  return (
    <section className="empty" aria-labelledby="empty-title" data-testid="empty-state">
      <div className="empty-card">
        <span className="empty-icon" aria-hidden="true">
          <Icon name="folder" />
        </span>
        <h2 id="empty-title">{t('empty.title')}</h2>
        <p className="muted">{t('empty.body')}</p>
        <div className="empty-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void api.getState().addFolders()}
          >
            <Icon name="plus" /> {t('empty.addFolder')}
          </button>
          {kind === 'sandbox' && sampleFolder && (
            <button
              type="button"
              className="btn"
              onClick={() => void api.getState().addPaths([sampleFolder])}
              data-testid="add-samples"
            >
              <Icon name="folder" /> {t('empty.addSamples')}
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
  const t = useT('app');
  return (
    <div className="no-matches" role="status">
      <p>{search.trim() ? t('empty.noMatch', { search: search.trim() }) : t('empty.nothing')}</p>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => {
          api.getState().setQuery({ filter: 'all', search: '' });
        }}
      >
        {t('empty.showAll')}
      </button>
    </div>
  );
}
