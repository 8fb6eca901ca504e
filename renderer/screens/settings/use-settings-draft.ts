// The settings form's draft and its save: the fields as typed, each one's problem (shown once
// the clerk tried to save, or as the service answered), and the save itself, which checks the
// connection with the service only when its address or key changed, then saves the rest.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { KNOWN_BUSINESSES } from '../../../common/job';
import { MAX_CONCURRENCY } from '../../../common/ipc';
import type { IpcError } from '../../../common/ipc';
import { BUSINESS_CODE, type LanguageChoice } from '../../../common/settings';
import { useT } from '../../i18n/i18n';
import { connectionAdvice, describeError } from '../../lib/errors';
import { useApp, useAppApi } from '../../store/context';
import type { SettingsPatch } from '../../store/service-slice';
import { API_KEY_PROBLEM_WORDS, apiKeyProblem } from '../../components/key-problem';
import {
  ADDRESS_PROBLEM_WORDS,
  addressProblem,
  serviceAddress,
} from '../../components/service-address';
import type { SendingDraft, SendingProblems } from './settings-sending';

export type Pending = 'idle' | 'checking' | 'saving';

export type SettingsMessage =
  | { tone: 'ok'; say: 'saved' }
  | { tone: 'ok'; say: 'savedChecked'; left: number }
  | { tone: 'bad'; say: 'notSaved' }
  | { tone: 'bad'; say: 'error'; text: string };

interface Problems extends SendingProblems {
  readonly url: string | null;
  readonly key: string | null;
}

const KEY_ERRORS: readonly IpcError['code'][] = ['key_rejected', 'permission_denied'];

export function useSettingsDraft() {
  const api = useAppApi();
  const t = useT('desk');
  // The address and key fields' own words, problems included (service-fields.tsx).
  const tForm = useT('onboarding');
  const errorsT = useT('errors');
  const engineT = useT('engine');
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
  const [message, setMessage] = useState<SettingsMessage | null>(null);

  const keyIsSet = key.isSet && service.kind === 'remote';
  const connectionChanged = url.trim() !== (settings.baseUrl ?? '') || apiKey.trim() !== '';
  const n = Number(sending.concurrency);
  const urlKey = connectionChanged ? addressProblem(url) : null;
  const keyCheck = connectionChanged ? apiKeyProblem(apiKey, keyIsSet) : null;
  const problems: Problems = {
    url: urlKey ? tForm(ADDRESS_PROBLEM_WORDS[urlKey]) : null,
    key: keyCheck ? tForm(API_KEY_PROBLEM_WORDS[keyCheck]) : null,
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
      // A bare host name goes with https:// (the field said so); the field shows what was used.
      const baseUrl = serviceAddress(url);
      setUrl(baseUrl);
      const check = await api.getState().checkConnection({ baseUrl, apiKey, save: true });
      if (!check.ok) {
        setPending('idle');
        const advice = connectionAdvice(check.error, errorsT);
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
        const why = describeError(reply.error, errorsT, engineT);
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

  return {
    url,
    setUrl,
    apiKey,
    setApiKey,
    sending,
    setSending,
    language,
    setLanguage,
    pending,
    setServed,
    message,
    keyIsSet,
    shown,
    save,
  };
}
