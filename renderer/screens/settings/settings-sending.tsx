// The fields of "Sending photos" in Settings: kind of reading (the service's business), photos
// per upload, photos at the service at once, and where the queue is kept. The form owns the values.
import { browseFolder } from './browse-folder';
import { useId } from 'react';
import { KNOWN_BUSINESSES, type BatchMode } from '../../../common/job';
import { MAX_CONCURRENCY } from '../../../common/ipc';
import { useT } from '../../i18n/i18n';
import { useApp, useAppApi } from '../../store/context';
import { LockedNote } from './locked-note';
import { Icon } from '../../components/icon';

export interface SendingDraft {
  readonly business: string;
  /** "Other…" is chosen: the code is typed. */
  readonly other: boolean;
  readonly batchMode: BatchMode;
  readonly concurrency: string;
  readonly dataDir: string;
}

export interface SendingProblems {
  readonly business: string | null;
  readonly concurrency: string | null;
  readonly dataDir: string | null;
}

const BATCH_MODES: readonly BatchMode[] = ['auto', 'always', 'never'];

export function SendingFields({
  draft,
  problems,
  effectiveDataDir,
  onChange,
}: {
  draft: SendingDraft;
  problems: SendingProblems;
  effectiveDataDir: string;
  onChange: (patch: Partial<SendingDraft>) => void;
}): React.JSX.Element {
  const api = useAppApi();
  const t = useT('desk');
  const policy = useApp((s) => s.settings.policy);
  const dataDirLocked = policy.locked.includes('dataDir');
  const onShare = useApp((s) => s.settings.dataDirOnShare);
  const ids = useId();
  const code = draft.business.trim();
  return (
    <section className="card form" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`} className="card-title">
        <Icon name="upload" /> {t('settings.sending.title')}
      </h2>
      <div className="field">
        <label htmlFor={`${ids}-biz`}>{t('settings.sending.kind')}</label>
        <select
          id={`${ids}-biz`}
          className="input"
          value={draft.other ? '__other' : draft.business}
          onChange={(e) => {
            const v = e.target.value;
            onChange(v === '__other' ? { other: true } : { other: false, business: v });
          }}
        >
          <option value="">{t('settings.sending.kindDefault')}</option>
          {KNOWN_BUSINESSES.map((b) => (
            <option key={b} value={b}>
              {t(`settings.sending.business.${b}`)}
            </option>
          ))}
          <option value="__other">{t('settings.sending.kindOther')}</option>
        </select>
        {draft.other && (
          <input
            className="input"
            aria-label={t('settings.sending.otherLabel')}
            value={draft.business}
            aria-invalid={problems.business !== null}
            onChange={(e) => {
              onChange({ business: e.target.value });
            }}
          />
        )}
        {problems.business ? (
          <p className="field-problem" role="alert">
            {problems.business}
          </p>
        ) : (
          <p className="hint muted" data-testid="business-code">
            {t('settings.sending.kindHint')}
            {code !== '' && (
              <>
                {' '}
                <span className="mono small">{t('settings.sending.code', { code })}</span>
              </>
            )}
          </p>
        )}
      </div>
      <fieldset className="fieldset">
        <legend>{t('settings.sending.perUpload')}</legend>
        <p className="hint muted">{t('settings.sending.perUploadHint')}</p>
        {BATCH_MODES.map((mode) => (
          <label key={mode} className="choice">
            <input
              type="radio"
              name={`${ids}-batch`}
              checked={draft.batchMode === mode}
              onChange={() => {
                onChange({ batchMode: mode });
              }}
            />
            {t(`settings.sending.batch.${mode}`)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${ids}-conc`}>{t('settings.sending.atOnce')}</label>
        <input
          id={`${ids}-conc`}
          className="input input-short"
          type="number"
          min={1}
          max={MAX_CONCURRENCY}
          value={draft.concurrency}
          aria-invalid={problems.concurrency !== null}
          aria-describedby={`${ids}-conc-hint`}
          onChange={(e) => {
            onChange({ concurrency: e.target.value });
          }}
        />
        <p
          id={`${ids}-conc-hint`}
          className={problems.concurrency ? 'field-problem' : 'hint muted'}
        >
          {problems.concurrency ?? t('settings.sending.atOnceHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-dir`}>{t('settings.sending.dataDir')}</label>
        {dataDirLocked && <LockedNote source={policy.source} testId="data-dir-locked" />}
        {onShare && (
          <p className="tone-warn small" role="alert" data-testid="data-dir-on-share">
            {t('settings.sending.dataDirOnShare')}
          </p>
        )}
        <div className="input-row">
          <input
            id={`${ids}-dir`}
            className="input mono"
            placeholder={effectiveDataDir}
            data-i18n-placeholder="data"
            value={draft.dataDir}
            readOnly={dataDirLocked}
            aria-invalid={problems.dataDir !== null}
            aria-describedby={`${ids}-dir-hint`}
            onChange={(e) => {
              onChange({ dataDir: e.target.value });
            }}
          />
          <button
            type="button"
            className="btn btn-small"
            data-testid="browse-data-dir"
            hidden={dataDirLocked}
            onClick={() => {
              browseFolder(api, (dataDir) => {
                onChange({ dataDir });
              });
            }}
          >
            {t('settings.sending.browse')}
          </button>
        </div>
        <p id={`${ids}-dir-hint`} className={problems.dataDir ? 'field-problem' : 'hint muted'}>
          {problems.dataDir ?? t('settings.sending.dataDirHint', { dir: effectiveDataDir })}
        </p>
      </div>
    </section>
  );
}
