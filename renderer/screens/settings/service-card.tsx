// Settings' service card: the service's address and API key, and where the key is kept.
import { useT } from '../../i18n/i18n';
import { useApp } from '../../store/context';
import { Icon } from '../../components/icon';
import { AddressField, KeyField } from '../../components/service-fields';
import { KeyStatusLine } from './settings-key';
import { LockedNote } from './locked-note';

export function ServiceCard({
  ids,
  url,
  apiKey,
  keyIsSet,
  urlProblem,
  keyProblem,
  onUrl,
  onKey,
}: {
  ids: string;
  url: string;
  apiKey: string;
  keyIsSet: boolean;
  urlProblem: string | null;
  keyProblem: string | null;
  onUrl: (value: string) => void;
  onKey: (value: string) => void;
}): React.JSX.Element {
  const t = useT('desk');
  const service = useApp((s) => s.service);
  const policy = useApp((s) => s.settings.policy);
  const locked = policy.locked.includes('serviceUrl');
  return (
    <section className="card form" aria-labelledby={`${ids}-svc`}>
      <h2 id={`${ids}-svc`} className="card-title">
        <Icon name="robot" /> {t('settings.service.title')}
      </h2>
      {service.kind === 'sandbox' && (
        <p className="tone-info" role="note">
          {t('settings.service.sandboxNote')}
        </p>
      )}
      {locked && <LockedNote source={policy.source} testId="service-locked" />}
      <AddressField
        id={`${ids}-url`}
        readOnly={locked}
        value={url}
        problem={urlProblem}
        hint={t('settings.service.addressHint')}
        placeholderMark="example"
        lineTestId="base-url-problem"
        onChange={onUrl}
      />
      <KeyField
        id={`${ids}-key`}
        value={apiKey}
        problem={keyProblem}
        keyIsSet={keyIsSet}
        lineTestId="api-key-problem"
        onChange={onKey}
      />
      <KeyStatusLine />
    </section>
  );
}
