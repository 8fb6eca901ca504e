import { useAppApi, useApp } from '../store/context';
import { Icon } from './icon';
import { useT } from '../i18n/i18n';
import { wordNotice } from '../store/notice-words';

/** Short outcomes of actions, at the bottom; an export's notice can show the file. */
export function Notices(): React.JSX.Element {
  const api = useAppApi();
  const notices = useApp((s) => s.notices);
  const t = useT('app');
  const errorsT = useT('errors');
  const engineT = useT('engine');
  return (
    <div className="notices" role="log" aria-live="polite" aria-label={t('notices.label')}>
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.tone}`} data-testid="notice">
          <span className="notice-text">{wordNotice(n.words, t, errorsT, engineT)}</span>
          {n.revealPath && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                if (n.revealPath) void api.getState().openLocation({ path: n.revealPath });
              }}
            >
              <Icon name="external" /> {t('notices.showFile')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-icon btn-quiet btn-small"
            aria-label={t('notices.dismiss')}
            onClick={() => {
              api.getState().dismissNotice(n.id);
            }}
          >
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
}
