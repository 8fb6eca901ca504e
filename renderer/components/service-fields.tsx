// The service address and API key fields, one markup and one set of words (the onboarding
// catalogue's `form` section) for onboarding's connection form and the Settings screen, so the two
// cannot drift apart. Each form keeps its own state and checks and passes its problems in, said.
import { useState } from 'react';
import { MAX_KEY_CHARS, MAX_URL_CHARS } from '../../common/ipc';
import { withoutApiPath } from '../../common/service-url';
import { useT } from '../i18n/i18n';
import { serviceAddress, withSchemeOffered } from './service-address';

export function AddressField({
  id,
  value,
  problem,
  hint,
  placeholderMark,
  lineTestId,
  readOnly = false,
  onChange,
}: {
  id: string;
  value: string;
  problem: string | null;
  /** Without one the line under the field shows only a problem (onboarding has no hint). */
  hint?: string;
  /** Why the example address needs no catalogue, as the pseudo-locale check reads it. */
  placeholderMark: 'data' | 'example';
  lineTestId?: string;
  /** Fixed by the machine policy: shown, not editable. */
  readOnly?: boolean;
  onChange: (value: string) => void;
}): React.JSX.Element {
  const t = useT('onboarding');
  const fixedUrl = withoutApiPath(value) ?? withSchemeOffered(value);
  // A bare host name is used with https:// in front: said under the field, so nothing is hidden.
  const used = serviceAddress(value);
  const schemeAdded = used !== value.trim() ? used : null;
  // A hint is always there to describe the field; a lone problem line only while it has one.
  const lineId = hint === undefined ? `${id}-problem` : `${id}-hint`;
  const line = hint === undefined ? problem || null : (problem ?? hint);
  return (
    <div className="field">
      <label htmlFor={id}>{t('form.address')}</label>
      <input
        id={id}
        className="input"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://meters.example.com"
        data-i18n-placeholder={placeholderMark}
        maxLength={MAX_URL_CHARS}
        readOnly={readOnly}
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={line !== null ? lineId : undefined}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        data-testid="base-url"
      />
      {line !== null && (
        <p
          id={lineId}
          className={problem ? 'field-problem' : 'hint muted'}
          data-testid={lineTestId}
        >
          {line}
        </p>
      )}
      {schemeAdded !== null && problem === null && (
        <p className="hint muted" data-testid="address-used">
          {t('form.schemeAdded', { url: schemeAdded })}
        </p>
      )}
      {fixedUrl !== null && (
        <button
          type="button"
          className="btn btn-small"
          data-testid="fix-url"
          onClick={() => {
            onChange(fixedUrl);
          }}
        >
          {t('form.useFixed', { url: fixedUrl })}
        </button>
      )}
    </div>
  );
}

export function KeyField({
  id,
  value,
  problem,
  keyIsSet,
  lineTestId,
  onChange,
}: {
  id: string;
  value: string;
  problem: string | null;
  /** A key is stored: an empty field keeps it. */
  keyIsSet: boolean;
  lineTestId?: string;
  onChange: (value: string) => void;
}): React.JSX.Element {
  const t = useT('onboarding');
  const [showKey, setShowKey] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{t('form.key')}</label>
      <div className="input-row">
        <input
          id={id}
          className="input"
          type={showKey ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          placeholder={keyIsSet ? t('form.keepKey') : t('form.pasteKey')}
          maxLength={MAX_KEY_CHARS}
          value={value}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            onChange(e.target.value);
          }}
          data-testid="api-key"
        />
        <button
          type="button"
          className="btn btn-small btn-quiet"
          aria-pressed={showKey}
          aria-controls={id}
          data-testid="toggle-key"
          onClick={() => {
            setShowKey((v) => !v);
          }}
        >
          {showKey ? t('form.hide') : t('form.show')}
        </button>
      </div>
      <p
        id={`${id}-hint`}
        className={problem ? 'field-problem' : 'hint muted'}
        data-testid={lineTestId}
      >
        {problem ?? t('form.keyHint')}
      </p>
    </div>
  );
}
