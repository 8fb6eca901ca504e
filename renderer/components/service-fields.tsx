// The service address and API key fields, one markup for onboarding's connection form and the
// Settings screen so the two cannot drift apart. Each form keeps its own state, checks and words
// (a catalogue namespace of its own) and passes them in already said.
import { useState } from 'react';
import { MAX_KEY_CHARS, MAX_URL_CHARS } from '../../common/ipc';
import { withoutApiPath } from '../../common/service-url';

export interface AddressWords {
  readonly label: string;
  /** The button that drops the API path the user pasted with the address. */
  readonly useFixed: (url: string) => string;
  /** Without one the line under the field shows only a problem (onboarding has no hint). */
  readonly hint?: string;
}

export function AddressField({
  id,
  value,
  problem,
  words,
  placeholderMark,
  lineTestId,
  onChange,
}: {
  id: string;
  value: string;
  problem: string | null;
  words: AddressWords;
  /** Why the example address needs no catalogue, as the pseudo-locale check reads it. */
  placeholderMark: 'data' | 'example';
  lineTestId?: string;
  onChange: (value: string) => void;
}): React.JSX.Element {
  const fixedUrl = withoutApiPath(value);
  // A hint is always there to describe the field; a lone problem line only while it has one.
  const lineId = words.hint === undefined ? `${id}-problem` : `${id}-hint`;
  const line = words.hint === undefined ? problem || null : (problem ?? words.hint);
  return (
    <div className="field">
      <label htmlFor={id}>{words.label}</label>
      <input
        id={id}
        className="input"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://meters.example.com"
        data-i18n-placeholder={placeholderMark}
        maxLength={MAX_URL_CHARS}
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
      {fixedUrl !== null && (
        <button
          type="button"
          className="btn btn-small"
          data-testid="fix-url"
          onClick={() => {
            onChange(fixedUrl);
          }}
        >
          {words.useFixed(fixedUrl)}
        </button>
      )}
    </div>
  );
}

export interface KeyWords {
  readonly label: string;
  /** Keep the stored key or paste one: the form knows whether one is stored. */
  readonly placeholder: string;
  readonly show: string;
  readonly hide: string;
  readonly hint: string;
}

export function KeyField({
  id,
  value,
  problem,
  words,
  lineTestId,
  onChange,
}: {
  id: string;
  value: string;
  problem: string | null;
  words: KeyWords;
  lineTestId?: string;
  onChange: (value: string) => void;
}): React.JSX.Element {
  const [showKey, setShowKey] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{words.label}</label>
      <div className="input-row">
        <input
          id={id}
          className="input"
          type={showKey ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          placeholder={words.placeholder}
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
          {showKey ? words.hide : words.show}
        </button>
      </div>
      <p
        id={`${id}-hint`}
        className={problem ? 'field-problem' : 'hint muted'}
        data-testid={lineTestId}
      >
        {problem ?? words.hint}
      </p>
    </div>
  );
}
