// Settings as one form with one Save: the connection is checked with the service only when its
// address or key changed (a new key, a new address), then the rest is saved. While it runs the
// button says so; each problem stands under its own field. The draft and the save live in
// use-settings-draft.ts, the cards in files of their own.
import { useId } from 'react';
import { useApp } from '../../store/context';
import { LanguageCard } from './language-card';
import { SaveRow } from './save-row';
import { ServiceCard } from './service-card';
import { SendingFields } from './settings-sending';
import { useSettingsDraft } from './use-settings-draft';

export function SettingsForm(): React.JSX.Element {
  const ids = useId();
  const effectiveDataDir = useApp((s) => s.settings.effectiveDataDir);
  const draft = useSettingsDraft();
  const { setServed, shown } = draft;
  return (
    <form className="settings-form" onSubmit={(e) => void draft.save(e)} noValidate>
      <ServiceCard
        ids={ids}
        url={draft.url}
        apiKey={draft.apiKey}
        keyIsSet={draft.keyIsSet}
        urlProblem={shown('url')}
        keyProblem={shown('key')}
        onUrl={(value) => {
          draft.setUrl(value);
          setServed((s) => ({ ...s, url: null }));
        }}
        onKey={(value) => {
          draft.setApiKey(value);
          setServed((s) => ({ ...s, key: null }));
        }}
      />
      <SendingFields
        draft={draft.sending}
        problems={{
          business: shown('business'),
          concurrency: shown('concurrency'),
          dataDir: shown('dataDir'),
        }}
        effectiveDataDir={effectiveDataDir}
        onChange={(p) => {
          draft.setSending((d) => ({ ...d, ...p }));
          if ('dataDir' in p) setServed((s) => ({ ...s, dataDir: null }));
        }}
      />
      <LanguageCard ids={ids} language={draft.language} setLanguage={draft.setLanguage} />
      <SaveRow message={draft.message} pending={draft.pending} />
    </form>
  );
}
