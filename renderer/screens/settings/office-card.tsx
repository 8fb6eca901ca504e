// Settings' Office card (docs/office.md): the office's PostgreSQL (server, port, database, user, or
// a pasted postgres:// address), this desk's name, the encryption, and the password, which goes to
// the keychain and is never shown again (the card only knows whether one is saved). Test connects
// with what is typed; Save keeps it. Switched off, the desk works alone as without office mode.
import { useEffect, useId, useState } from 'react';
import {
  OFFICE_SSL_MODES,
  type OfficeSettings,
  type OfficeSslMode,
  type OfficeView,
} from '../../../common/ipc';
import {
  DEFAULT_OFFICE_PORT,
  isOfficeAddressText,
  parseOfficeAddress,
} from '../../../common/office-address';
import { useT } from '../../i18n/i18n';
import { describeError } from '../../lib/errors';
import { useApp, useAppApi } from '../../store/context';
import { Icon } from '../../components/icon';
import { caFileProblem, OfficeCaField } from './office-ca-field';
import { OfficeMessageLine, type OfficeMessage } from './office-check-line';

interface OfficeDraft {
  readonly use: boolean;
  readonly host: string;
  readonly port: string;
  readonly database: string;
  readonly user: string;
  readonly desk: string;
  readonly sslmode: OfficeSslMode;
  readonly caFile: string;
  readonly password: string;
}

function draftOf(view: OfficeView | null): OfficeDraft {
  const s = view?.settings ?? null;
  return {
    use: s !== null,
    host: s?.host ?? '',
    port: String(s?.port ?? DEFAULT_OFFICE_PORT),
    database: s?.database ?? '',
    user: s?.user ?? '',
    desk: s?.desk ?? '',
    sslmode: s?.sslmode ?? 'verify-full',
    caFile: s?.caFile ?? '',
    password: '',
  };
}

/** The settings the draft stands for, or null while a required field is missing. */
function settingsOf(d: OfficeDraft, defaultDesk: string): OfficeSettings | null {
  const port = Number(d.port);
  const desk = d.desk.trim() || defaultDesk;
  const [host, database, user] = [d.host.trim(), d.database.trim(), d.user.trim()];
  if (!host || !database || !user || !desk) return null;
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  // The CA file is for the certificate check only; shown and kept with it.
  const caFile = d.sslmode === 'verify-full' ? d.caFile.trim() : '';
  if (caFileProblem(caFile)) return null;
  return { host, port, database, user, desk, sslmode: d.sslmode, ...(caFile && { caFile }) };
}

export function OfficeCard(): React.JSX.Element {
  const t = useT('office');
  const tErrors = useT('errors');
  const tEngine = useT('engine');
  const api = useAppApi();
  const ids = useId();
  const view = useApp((s) => s.office);
  const [draft, setDraft] = useState<OfficeDraft | null>(null);
  const [message, setMessage] = useState<OfficeMessage | null>(null);
  const [addressProblem, setAddressProblem] = useState<'notPostgres' | 'hasPassword' | null>(null);

  useEffect(() => {
    void api.getState().loadOffice();
  }, [api]);

  const shown = draft ?? draftOf(view);
  const defaultDesk = view?.defaultDesk ?? '';
  const busy = message?.kind === 'testing' || message?.kind === 'saving';
  const change = (patch: Partial<OfficeDraft>): void => {
    setDraft({ ...shown, ...patch });
    if (!busy) setMessage(null);
  };

  const onHost = (value: string): void => {
    if (!isOfficeAddressText(value)) {
      setAddressProblem(null);
      change({ host: value });
      return;
    }
    const parsed = parseOfficeAddress(value);
    if (!parsed.ok) {
      // A pasted password is not kept, not even in the field.
      setAddressProblem(parsed.problem);
      change({ host: '' });
      return;
    }
    const a = parsed.address;
    setAddressProblem(null);
    change({
      host: a.host,
      port: String(a.port),
      ...(a.database !== null && { database: a.database }),
      ...(a.user !== null && { user: a.user }),
      ...(a.sslmode !== null && { sslmode: a.sslmode }),
    });
  };

  const password = shown.password === '' ? undefined : shown.password;
  /** Why the draft is not settings yet: a CA file without its full path, else a missing field. */
  const needed = (): OfficeMessage =>
    shown.sslmode === 'verify-full' && caFileProblem(shown.caFile)
      ? { kind: 'error', text: t('caFileAbsolute') }
      : { kind: 'needed' };

  const test = async (): Promise<void> => {
    const settings = settingsOf(shown, defaultDesk);
    if (settings === null) {
      setMessage(needed());
      return;
    }
    setMessage({ kind: 'testing' });
    const reply = await api.getState().testOffice(settings, password);
    setMessage(
      reply.ok
        ? { kind: 'check', check: reply.value }
        : { kind: 'error', text: describeError(reply.error, tErrors, tEngine) },
    );
  };

  const save = async (): Promise<void> => {
    const settings = shown.use ? settingsOf(shown, defaultDesk) : null;
    if (shown.use && settings === null) {
      setMessage(needed());
      return;
    }
    setMessage({ kind: 'saving' });
    const reply = await api.getState().saveOffice(settings, settings ? password : undefined);
    if (!reply.ok) {
      setMessage({ kind: 'error', text: describeError(reply.error, tErrors, tEngine) });
      return;
    }
    setDraft(null);
    setMessage({ kind: settings ? 'saved' : 'savedOff' });
  };

  const field = (
    key: 'host' | 'port' | 'database' | 'user' | 'desk',
    extra: React.InputHTMLAttributes<HTMLInputElement> & { 'data-i18n-placeholder'?: 'data' } = {},
  ): React.JSX.Element => (
    <div className={`field office-${key}`}>
      <label htmlFor={`${ids}-${key}`}>{t(key)}</label>
      <input
        id={`${ids}-${key}`}
        className="input"
        value={shown[key]}
        spellCheck={false}
        autoComplete="off"
        data-testid={`office-${key}`}
        onChange={(e) => {
          if (key === 'host') onHost(e.target.value);
          else change({ [key]: e.target.value });
        }}
        {...extra}
      />
    </div>
  );

  return (
    <section className="card form" aria-labelledby={`${ids}-h`} data-testid="office-card">
      <h2 id={`${ids}-h`} className="card-title">
        <Icon name="database" /> {t('title')}
      </h2>
      <p className="muted small">{t('intro')}</p>
      <label className="choice">
        <input
          type="checkbox"
          checked={shown.use}
          // Until the backend answered, the saved settings are not known yet to be changed.
          disabled={view === null}
          data-testid="office-use"
          onChange={(e) => {
            change({ use: e.target.checked });
          }}
        />{' '}
        {t('use')}
      </label>
      {shown.use && (
        <>
          <div className="office-grid">
            {field('host', { 'aria-describedby': `${ids}-host-hint` })}
            {field('port', { inputMode: 'numeric', className: 'input input-short' })}
            <p id={`${ids}-host-hint`} className="hint muted office-wide">
              {addressProblem ? (
                <span className="field-problem" role="alert" data-testid="office-address-problem">
                  {t(`address.${addressProblem}`)}
                </span>
              ) : (
                t('hostHint')
              )}
            </p>
          </div>
          <div className="office-pair">
            {field('database')}
            {field('user')}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-pw`}>{t('password')}</label>
            <input
              id={`${ids}-pw`}
              className="input"
              type="password"
              autoComplete="new-password"
              value={shown.password}
              aria-describedby={`${ids}-pw-hint`}
              data-testid="office-password"
              onChange={(e) => {
                change({ password: e.target.value });
              }}
            />
            <p id={`${ids}-pw-hint`} className="hint muted" data-testid="office-password-state">
              {view?.passwordSaved && shown.password === ''
                ? t('passwordSaved')
                : t('passwordHint')}
            </p>
          </div>
          <div className="office-pair">
            {/* The placeholder is this computer's own desk name: data, not a word. */}
            {field('desk', {
              placeholder: defaultDesk,
              'aria-describedby': `${ids}-desk-hint`,
              'data-i18n-placeholder': 'data',
            })}
            <div className="field">
              <label htmlFor={`${ids}-ssl`}>{t('sslmode')}</label>
              <select
                id={`${ids}-ssl`}
                className="input"
                value={shown.sslmode}
                data-testid="office-sslmode"
                onChange={(e) => {
                  change({ sslmode: e.target.value as OfficeSslMode });
                }}
              >
                {OFFICE_SSL_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`ssl.${mode}`)}
                  </option>
                ))}
              </select>
            </div>
            <p id={`${ids}-desk-hint`} className="hint muted office-wide">
              {t('deskHint')}
            </p>
          </div>
          {shown.sslmode === 'verify-full' && (
            <OfficeCaField
              id={`${ids}-ca`}
              value={shown.caFile}
              onChange={(caFile) => {
                change({ caFile });
              }}
            />
          )}
        </>
      )}
      {message && <OfficeMessageLine message={message} />}
      <div className="office-actions">
        {shown.use && (
          <button
            type="button"
            className="btn"
            disabled={busy}
            data-testid="office-test"
            onClick={() => void test()}
          >
            {t('test')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          data-testid="office-save"
          onClick={() => void save()}
        >
          {t('save')}
        </button>
      </div>
    </section>
  );
}
