// Settings: the folders MeterDesk watches for new photos, each with what it is doing now
// (watching, unavailable while a card is out or a share offline, photos added). The states are
// asked for every few seconds while Settings is open; the list itself is a setting.
import { browseFolder } from './browse-folder';
import { useEffect, useId, useState } from 'react';
import type { WatchFolderView } from '../../../common/ipc';
import { useT } from '../../i18n/i18n';
import { describeError } from '../../lib/errors';
import { jobLineText, jobWords } from '../../lib/job-words';
import { useApp, useAppApi } from '../../store/context';
import { Icon } from '../../components/icon';

const REFRESH_MS = 2_000;
const ABSOLUTE = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;

function FolderState({ view }: { view: WatchFolderView | undefined }): React.JSX.Element {
  const t = useT('watch');
  const statesT = useT('states');
  const bannersT = useT('banners');
  if (!view) return <span className="muted small">{t('state.starting')}</span>;
  const problem = view.problem && jobLineText(jobWords(view.problem, statesT, bannersT));
  return (
    <span className="small" data-state={view.state} title={problem || undefined}>
      <span className={view.state === 'unavailable' ? 'tone-warn' : 'tone-ok'}>
        {t(`state.${view.state}`)}
      </span>
      {view.added > 0 && <> · {t('added', { count: view.added })}</>}
      {view.waiting > 0 && <> · {t('waiting', { count: view.waiting })}</>}
    </span>
  );
}

export function WatchFolders(): React.JSX.Element {
  const t = useT('watch');
  const errorsT = useT('errors');
  const api = useAppApi();
  const ids = useId();
  const folders = useApp((s) => s.settings.watchFolders);
  const views = useApp((s) => s.watchFolders);
  const saving = useApp((s) => s.saving);
  const [path, setPath] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    void api.getState().refreshWatchFolders();
    const timer = setInterval(() => {
      void api.getState().refreshWatchFolders();
    }, REFRESH_MS);
    return () => {
      clearInterval(timer);
    };
  }, [api]);

  const save = async (next: readonly string[]): Promise<boolean> => {
    const reply = await api.getState().saveSettings({ watchFolders: [...next] });
    if (!reply.ok) {
      setProblem(t('failed', { reason: describeError(reply.error, errorsT) }));
      return false;
    }
    await api.getState().refreshWatchFolders();
    return true;
  };

  const add = async (e: React.SyntheticEvent): Promise<void> => {
    e.preventDefault();
    const wanted = path.trim();
    if (!ABSOLUTE.test(wanted)) {
      setProblem(t('notAbsolute'));
      return;
    }
    if (folders.includes(wanted)) {
      setProblem(t('duplicate'));
      return;
    }
    setProblem(null);
    if (await save([...folders, wanted])) setPath('');
  };

  return (
    <section className="card" aria-labelledby={`${ids}-h`} data-testid="watch-folders">
      <h2 id={`${ids}-h`} className="card-title">
        <Icon name="folder" /> {t('title')}
      </h2>
      <p className="hint muted">{t('intro')}</p>
      {folders.length === 0 ? (
        <p className="muted">{t('none')}</p>
      ) : (
        <ul className="watch-list">
          {folders.map((folder) => (
            <li key={folder}>
              <span className="mono">{folder}</span>{' '}
              <FolderState view={views.find((v) => v.path === folder)} />{' '}
              <button
                type="button"
                className="btn btn-small"
                aria-label={t('removeLabel', { path: folder })}
                disabled={saving}
                onClick={() => {
                  setProblem(null);
                  void save(folders.filter((f) => f !== folder));
                }}
              >
                <Icon name="trash" /> {t('remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={(e) => void add(e)} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-path`}>{t('pathLabel')}</label>
          <input
            id={`${ids}-path`}
            className="input mono"
            value={path}
            aria-invalid={problem !== null}
            aria-describedby={`${ids}-hint`}
            onChange={(e) => {
              setPath(e.target.value);
            }}
          />
          <p id={`${ids}-hint`} className={problem ? 'field-problem' : 'hint muted'} role="status">
            {problem ?? t('pathHint')}
          </p>
        </div>
        <div className="form-actions">
          <button
            type="button"
            className="btn"
            data-testid="browse-watch-folder"
            onClick={() => {
              browseFolder(api, (chosen) => {
                setProblem(null);
                setPath(chosen);
              });
            }}
          >
            <Icon name="folder" /> {t('browse')}
          </button>
          <button type="submit" className="btn" disabled={saving} aria-busy={saving}>
            <Icon name="plus" /> {saving ? t('saving') : t('add')}
          </button>
        </div>
      </form>
    </section>
  );
}
