// Settings: the service and its key (write-only: only "saved, ends in ...1234" is ever shown),
// how photos are sent (business, batches, concurrency) and where the queue is kept.
import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { KNOWN_BUSINESSES, type BatchMode } from '../../common/job';
import { MAX_CONCURRENCY } from '../../common/ipc';
import { BUSINESS_CODE } from '../../common/settings';
import { describeError } from '../lib/errors';
import { useApp, useAppApi } from '../store/context';
import { ConnectionForm } from './connection-form';
import { Icon } from './icon';
import { WatchFolders } from './watch-folders';

const BATCH_WORDS: Record<BatchMode, string> = {
  auto: 'Automatic: several photos per upload when the service supports it',
  always: 'Always several photos per upload (up to 8)',
  never: 'One photo per upload',
};

/** The services the spec names, in office words; the code the service knows stays visible, small. */
const BUSINESS_WORDS: Record<(typeof KNOWN_BUSINESSES)[number], string> = {
  water_v3_meter: 'Water meters',
  water_v3_foreign: 'Water meters, foreign service (enabled per account)',
  cax: 'CAX service',
};

/** Where the key is and how it ends; never the key itself. Removing it is one click. */
function KeyStatusLine(): React.JSX.Element {
  const api = useAppApi();
  const { key, kind } = useApp(useShallow((s) => ({ key: s.key, kind: s.service.kind })));
  const [message, setMessage] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null);
  const clear = async (): Promise<void> => {
    const reply = await api.getState().clearApiKey();
    setMessage(
      reply.ok
        ? { tone: 'ok', text: 'Key removed.' }
        : { tone: 'bad', text: describeError(reply.error) },
    );
  };
  const where = key.backend.description || 'the system keychain';
  return (
    <div className="key-status">
      <p data-testid="key-status">
        <Icon name="key" />{' '}
        {kind === 'sandbox' ? (
          'The built-in sandbox uses a key of its own.'
        ) : key.isSet ? (
          <>
            API key saved in {where}
            {key.hint ? (
              <>
                , ends in <span className="mono">…{key.hint}</span>
              </>
            ) : null}
            .
          </>
        ) : (
          'No API key is saved.'
        )}
      </p>
      {key.backend.warning && (
        <p className="tone-warn" role="note">
          <Icon name="warning" /> {key.backend.warning}
        </p>
      )}
      {kind === 'remote' && key.isSet && (
        <button type="button" className="btn btn-small" onClick={() => void clear()}>
          <Icon name="trash" /> Remove key
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

function SendingSection(): React.JSX.Element {
  const api = useAppApi();
  const ids = useId();
  const settings = useApp((s) => s.settings);
  const saving = useApp((s) => s.saving);
  const known = (KNOWN_BUSINESSES as readonly string[]).includes(settings.business ?? '');
  const [business, setBusiness] = useState(settings.business ?? '');
  const [other, setOther] = useState(!known && settings.business !== null);
  const [batchMode, setBatchMode] = useState<BatchMode>(settings.batchMode);
  const [concurrency, setConcurrency] = useState(String(settings.maxConcurrency));
  const [dataDir, setDataDir] = useState(settings.dataDir ?? '');
  const [message, setMessage] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null);
  useEffect(() => {
    setBatchMode(settings.batchMode);
    setConcurrency(String(settings.maxConcurrency));
  }, [settings.batchMode, settings.maxConcurrency]);

  const n = Number(concurrency);
  const concurrencyProblem =
    Number.isInteger(n) && n >= 1 && n <= MAX_CONCURRENCY
      ? null
      : `A whole number from 1 to ${String(MAX_CONCURRENCY)}.`;
  const businessProblem =
    business.trim() === '' || BUSINESS_CODE.test(business.trim())
      ? null
      : 'Letters, digits and _ . : - only.';
  const dirProblem =
    dataDir.trim() === '' || /^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(dataDir.trim())
      ? null
      : 'A full folder path, e.g. /home/anna/MeterDesk or D:\\MeterDesk.';

  const save = async (e: React.SyntheticEvent): Promise<void> => {
    e.preventDefault();
    setMessage(null);
    if (concurrencyProblem || businessProblem || dirProblem) return;
    const reply = await api.getState().saveSettings({
      business: business.trim() === '' ? null : business.trim(),
      batchMode,
      maxConcurrency: n,
      dataDir: dataDir.trim() === '' ? null : dataDir.trim(),
    });
    setMessage(
      reply.ok
        ? { tone: 'ok', text: 'Saved. MeterDesk carries on with the new settings.' }
        : { tone: 'bad', text: describeError(reply.error) },
    );
  };

  return (
    <form
      className="card form"
      onSubmit={(e) => void save(e)}
      noValidate
      aria-labelledby={`${ids}-h`}
    >
      <h2 id={`${ids}-h`} className="card-title">
        <Icon name="upload" /> Sending photos
      </h2>
      <div className="field">
        <label htmlFor={`${ids}-biz`}>Kind of reading</label>
        <select
          id={`${ids}-biz`}
          className="input"
          value={other ? '__other' : business}
          onChange={(e) => {
            if (e.target.value === '__other') {
              setOther(true);
            } else {
              setOther(false);
              setBusiness(e.target.value);
            }
          }}
        >
          <option value="">The service's default</option>
          {KNOWN_BUSINESSES.map((b) => (
            <option key={b} value={b}>
              {BUSINESS_WORDS[b]}
            </option>
          ))}
          <option value="__other">Other…</option>
        </select>
        {other && (
          <input
            className="input"
            aria-label="Other business"
            value={business}
            aria-invalid={businessProblem !== null}
            onChange={(e) => {
              setBusiness(e.target.value);
            }}
          />
        )}
        {businessProblem ? (
          <p className="field-problem">{businessProblem}</p>
        ) : (
          <p className="hint muted" data-testid="business-code">
            Which of the service&apos;s reading services gets the photos.
            {business.trim() !== '' && (
              <>
                {' '}
                Code: <span className="mono small">{business.trim()}</span>
              </>
            )}
          </p>
        )}
      </div>
      <fieldset className="fieldset">
        <legend>Photos per upload</legend>
        <p className="hint muted">
          Several photos in one upload (a batch) reach the service sooner; not every service offers
          it.
        </p>
        {(Object.keys(BATCH_WORDS) as BatchMode[]).map((mode) => (
          <label key={mode} className="choice">
            <input
              type="radio"
              name={`${ids}-batch`}
              checked={batchMode === mode}
              onChange={() => {
                setBatchMode(mode);
              }}
            />
            {BATCH_WORDS[mode]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${ids}-conc`}>Photos in progress at once</label>
        <input
          id={`${ids}-conc`}
          className="input input-short"
          type="number"
          min={1}
          max={MAX_CONCURRENCY}
          value={concurrency}
          aria-invalid={concurrencyProblem !== null}
          aria-describedby={`${ids}-conc-hint`}
          onChange={(e) => {
            setConcurrency(e.target.value);
          }}
        />
        <p id={`${ids}-conc-hint`} className={concurrencyProblem ? 'field-problem' : 'hint muted'}>
          {concurrencyProblem ??
            'How many photos may be at the service at the same time. 32 suits most offices; MeterDesk also slows down by itself when the service asks it to.'}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-dir`}>Data location</label>
        <div className="input-row">
          <input
            id={`${ids}-dir`}
            className="input mono"
            placeholder={settings.effectiveDataDir}
            value={dataDir}
            aria-invalid={dirProblem !== null}
            aria-describedby={`${ids}-dir-hint`}
            onChange={(e) => {
              setDataDir(e.target.value);
            }}
          />
          <button
            type="button"
            className="btn btn-small"
            data-testid="browse-data-dir"
            onClick={() => {
              void api
                .getState()
                .chooseDataFolder()
                .then((path) => {
                  if (path !== null) setDataDir(path);
                });
            }}
          >
            Browse…
          </button>
        </div>
        <p id={`${ids}-dir-hint`} className={dirProblem ? 'field-problem' : 'hint muted'}>
          {dirProblem ?? (
            <>
              The queue is kept in <span className="mono">{settings.effectiveDataDir}</span>. Leave
              empty for the default; a new folder receives a copy of the queue.
            </>
          )}
        </p>
      </div>
      {message && (
        <p className={message.tone === 'ok' ? 'form-ok' : 'form-error'} role="status">
          {message.text}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" aria-busy={saving} disabled={saving}>
          Save settings
        </button>
      </div>
    </form>
  );
}

export function SettingsScreen(): React.JSX.Element {
  const api = useAppApi();
  const { settings, service, key, version } = useApp(
    useShallow((s) => ({
      settings: s.settings,
      service: s.service,
      key: s.key,
      version: s.appVersion,
    })),
  );
  return (
    <main className="settings" data-testid="settings">
      <div className="settings-head">
        <button
          type="button"
          className="btn btn-quiet"
          onClick={() => {
            api.getState().showScreen('main');
          }}
        >
          ← Back to photos
        </button>
        <h1>Settings</h1>
        <span className="muted small">MeterDesk {version}</span>
      </div>
      <div className="settings-grid">
        <section className="card" aria-labelledby="svc-h">
          <h2 id="svc-h" className="card-title">
            <Icon name="robot" /> Reading service
          </h2>
          {service.kind === 'sandbox' && (
            <p className="tone-info" role="note">
              Using the built-in sandbox: readings are simulated on this computer. Enter your
              service's address to switch to it.
            </p>
          )}
          <ConnectionForm
            initialUrl={settings.baseUrl ?? ''}
            keyIsSet={key.isSet && service.kind === 'remote'}
            submitLabel="Check and save"
          />
          <KeyStatusLine />
        </section>
        <SendingSection />
        <WatchFolders />
      </div>
    </main>
  );
}
