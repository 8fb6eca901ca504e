// Settings as one form with one Save: the connection is checked with the service only when its
// address or key changed (a new key, a new address), then the rest is saved. While it runs the
// button says so; each problem stands under its own field.
import { useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { KNOWN_BUSINESSES } from '../../../common/job';
import { MAX_CONCURRENCY } from '../../../common/ipc';
import type { IpcError } from '../../../common/ipc';
import { BUSINESS_CODE, LANGUAGE_CHOICES, type LanguageChoice } from '../../../common/settings';
import { useT } from '../../i18n/i18n';
import { systemLanguage } from '../../i18n/language-setting';
import { connectionAdvice, describeError } from '../../lib/errors';
import { useApp, useAppApi } from '../../store/context';
import type { SettingsPatch } from '../../store/service-slice';
import { Icon } from '../../components/icon';
import { ADDRESS_PROBLEM_WORDS, addressProblem } from '../../components/service-address';
import { AddressField, KeyField } from '../../components/service-fields';
import { SendingFields, type SendingDraft, type SendingProblems } from './settings-sending';
import { KeyStatusLine } from './settings-key';

type Pending = 'idle' | 'checking' | 'saving';

type Message =
  | { tone: 'ok'; say: 'saved' }
  | { tone: 'ok'; say: 'savedChecked'; left: number }
  | { tone: 'bad'; say: 'notSaved' }
  | { tone: 'bad'; say: 'error'; text: string };

interface Problems extends SendingProblems {
  readonly url: string | null;
  readonly key: string | null;
}

const KEY_ERRORS: readonly IpcError['code'][] = ['key_rejected', 'permission_denied'];

export function SettingsForm(): React.JSX.Element {
  const api = useAppApi();
  const t = useT('desk');
  const tApp = useT('app');
  // The address and key fields' own words, problems included (service-fields.tsx).
  const tForm = useT('onboarding');
  const ids = useId();
  const { settings, service, key } = useApp(
    useShallow((s) => ({ settings: s.settings, service: s.service, key: s.key })),
  );
  const known = (KNOWN_BUSINESSES as readonly string[]).includes(settings.business ?? '');
  const [url, setUrl] = useState(settings.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [sending, setSending] = useState<SendingDraft>({
    business: settings.business ?? '',
    other: !known && settings.business !== null,
    batchMode: settings.batchMode,
    concurrency: String(settings.maxConcurrency),
    dataDir: settings.dataDir ?? '',
  });
  const [language, setLanguage] = useState<LanguageChoice>(settings.language);
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState<Pending>('idle');
  const [served, setServed] = useState<Partial<Problems>>({});
  // Words kept as what to say, not said: a save that switches the language says it in the new one.
  const [message, setMessage] = useState<Message | null>(null);

  const keyIsSet = key.isSet && service.kind === 'remote';
  const connectionChanged = url.trim() !== (settings.baseUrl ?? '') || apiKey.trim() !== '';
  const n = Number(sending.concurrency);
  const urlKey = connectionChanged ? addressProblem(url) : null;
  const problems: Problems = {
    url: urlKey ? tForm(ADDRESS_PROBLEM_WORDS[urlKey]) : null,
    key: connectionChanged && !keyIsSet && apiKey.trim() === '' ? tForm('form.keyEmpty') : null,
    business:
      sending.business.trim() === '' || BUSINESS_CODE.test(sending.business.trim())
        ? null
        : t('settings.sending.businessProblem'),
    concurrency:
      Number.isInteger(n) && n >= 1 && n <= MAX_CONCURRENCY
        ? null
        : t('settings.sending.atOnceProblem', { max: MAX_CONCURRENCY }),
    dataDir:
      sending.dataDir.trim() === '' || /^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(sending.dataDir.trim())
        ? null
        : t('settings.sending.dataDirProblem'),
  };
  const shown = (field: keyof Problems): string | null =>
    served[field] ?? (touched ? problems[field] : null);

  const patch = (): SettingsPatch => {
    const business = sending.business.trim() === '' ? null : sending.business.trim();
    const dataDir = sending.dataDir.trim() === '' ? null : sending.dataDir.trim();
    return {
      ...(business !== settings.business && { business }),
      ...(sending.batchMode !== settings.batchMode && { batchMode: sending.batchMode }),
      ...(n !== settings.maxConcurrency && { maxConcurrency: n }),
      ...(dataDir !== settings.dataDir && { dataDir }),
      ...(language !== settings.language && { language }),
    };
  };

  const save = async (e: React.SyntheticEvent): Promise<void> => {
    e.preventDefault();
    setTouched(true);
    setServed({});
    setMessage(null);
    if (Object.values(problems).some((p) => p !== null)) {
      setMessage({ tone: 'bad', say: 'notSaved' });
      return;
    }
    let left: number | null = null;
    if (connectionChanged) {
      setPending('checking');
      const check = await api.getState().checkConnection({ baseUrl: url, apiKey, save: true });
      if (!check.ok) {
        setPending('idle');
        const advice = connectionAdvice(check.error);
        setServed(KEY_ERRORS.includes(check.error.code) ? { key: advice } : { url: advice });
        setMessage({ tone: 'bad', say: 'notSaved' });
        return;
      }
      setApiKey('');
      left = check.value.quota.remaining;
    }
    const changes = patch();
    if (Object.keys(changes).length > 0) {
      setPending('saving');
      const reply = await api.getState().saveSettings(changes);
      if (!reply.ok) {
        setPending('idle');
        const why = describeError(reply.error);
        if ('dataDir' in changes && reply.error.code === 'file_error') setServed({ dataDir: why });
        else setMessage({ tone: 'bad', say: 'error', text: why });
        return;
      }
    }
    setPending('idle');
    setTouched(false);
    setMessage(
      left === null ? { tone: 'ok', say: 'saved' } : { tone: 'ok', say: 'savedChecked', left },
    );
  };

  const busy = pending !== 'idle';
  return (
    <form className="settings-form" onSubmit={(e) => void save(e)} noValidate>
      <section className="card form" aria-labelledby={`${ids}-svc`}>
        <h2 id={`${ids}-svc`} className="card-title">
          <Icon name="robot" /> {t('settings.service.title')}
        </h2>
        {service.kind === 'sandbox' && (
          <p className="tone-info" role="note">
            {t('settings.service.sandboxNote')}
          </p>
        )}
        <AddressField
          id={`${ids}-url`}
          value={url}
          problem={shown('url')}
          hint={t('settings.service.addressHint')}
          placeholderMark="example"
          lineTestId="base-url-problem"
          onChange={(value) => {
            setUrl(value);
            setServed((s) => ({ ...s, url: null }));
          }}
        />
        <KeyField
          id={`${ids}-key`}
          value={apiKey}
          problem={shown('key')}
          keyIsSet={keyIsSet}
          lineTestId="api-key-problem"
          onChange={(value) => {
            setApiKey(value);
            setServed((s) => ({ ...s, key: null }));
          }}
        />
        <KeyStatusLine />
      </section>
      <SendingFields
        draft={sending}
        problems={{
          business: shown('business'),
          concurrency: shown('concurrency'),
          dataDir: shown('dataDir'),
        }}
        effectiveDataDir={settings.effectiveDataDir}
        onChange={(p) => {
          setSending((d) => ({ ...d, ...p }));
          if ('dataDir' in p) setServed((s) => ({ ...s, dataDir: null }));
        }}
      />
      <section className="card form" aria-labelledby={`${ids}-lang-h`}>
        <h2 id={`${ids}-lang-h`} className="card-title">
          <Icon name="info" /> {tApp('language.label')}
        </h2>
        <div className="field">
          <label htmlFor={`${ids}-lang`} className="sr-only">
            {tApp('language.label')}
          </label>
          <select
            id={`${ids}-lang`}
            className="input"
            value={language}
            onChange={(e) => {
              setLanguage(e.target.value as LanguageChoice);
            }}
            data-testid="language"
          >
            {LANGUAGE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice === 'system'
                  ? tApp('language.system', { name: tApp(`language.${systemLanguage()}`) })
                  : tApp(`language.${choice}`)}
              </option>
            ))}
          </select>
        </div>
      </section>
      <div className="settings-save">
        {message && (
          <p
            className={message.tone === 'ok' ? 'form-ok' : 'form-error'}
            role={message.tone === 'ok' ? 'status' : 'alert'}
            data-testid="settings-message"
          >
            {message.say === 'error'
              ? message.text
              : message.say === 'savedChecked'
                ? t('settings.savedChecked', { left: message.left })
                : t(`settings.${message.say}`)}
          </p>
        )}
        {busy && (
          <p className="muted small" role="status" data-testid="settings-pending">
            {pending === 'checking' ? t('settings.checking') : t('settings.pending')}
          </p>
        )}
        <button
          type="submit"
          className="btn btn-primary"
          aria-busy={busy}
          disabled={busy}
          data-testid="settings-save"
        >
          {t('settings.save')}
        </button>
      </div>
    </form>
  );
}
