// Where the API key is and how it ends; never the key itself. Removing it is one click.
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../i18n/i18n';
import { engineWords } from '../../lib/engine-words';
import { describeError } from '../../lib/errors';
import { useApp, useAppApi } from '../../store/context';
import { Icon } from '../../components/icon';

export function KeyStatusLine(): React.JSX.Element {
  const api = useAppApi();
  const t = useT('desk');
  const engineT = useT('engine');
  const bannersT = useT('banners');
  const errorsT = useT('errors');
  const { key, kind } = useApp(useShallow((s) => ({ key: s.key, kind: s.service.kind })));
  const [message, setMessage] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null);
  const clear = async (): Promise<void> => {
    const reply = await api.getState().clearApiKey();
    setMessage(
      reply.ok
        ? { tone: 'ok', text: t('settings.key.removed') }
        : { tone: 'bad', text: describeError(reply.error, errorsT, engineT) },
    );
  };
  // Where the key is, worded from the backend's code; the keychain before the backend said.
  const { place, warning } = key.backend;
  const where = place === null ? t('settings.key.keychain') : engineWords(place, engineT, bannersT);
  return (
    <div className="key-status">
      <p data-testid="key-status">
        <Icon name="key" />{' '}
        {kind === 'sandbox' ? (
          t('settings.key.sandbox')
        ) : key.isSet ? (
          <>
            <Trans
              t={t}
              i18nKey="settings.key.savedIn"
              values={{ where }}
              components={{ where: <span /> }}
            />
            {key.hint ? t('settings.key.endsIn', { hint: key.hint }) : ''}.
          </>
        ) : (
          t('settings.key.none')
        )}
      </p>
      {warning && (
        <p className="tone-warn" role="note">
          <Icon name="warning" /> {engineWords(warning, engineT, bannersT)}
        </p>
      )}
      {kind === 'remote' && key.isSet && (
        <button type="button" className="btn btn-small" onClick={() => void clear()}>
          <Icon name="trash" /> {t('settings.key.remove')}
        </button>
      )}
      {message && (
        <p className={message.tone === 'ok' ? 'form-ok' : 'form-error'} role="status">
          {message.text}
        </p>
      )}
    </div>
  );
}
