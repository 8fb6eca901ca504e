// Loading a billing system's order file (issue 31; docs/billing-files.md) from "Load route sheet":
// the profile its content names, or one the clerk chooses (a built-in, or the office's own profile
// file), the folders its photos are in, then what was loaded with every exception and its line.
// Nothing but a layout the profile cannot read stops the load; that is said, and nothing loads.
import { useState } from 'react';
import { BUILTIN_PROFILE_NAMES } from '../../common/billing/order-files/builtin-profiles';
import type { OrderException } from '../../common/billing/order-files/order-records';
import type { OrderFileLoadView, OrderFilePreview, OrderProfileChoice } from '../../common/ipc';
import { ActionDialog, useActionError } from '../components/action-dialog';
import { Dialog } from '../components/dialog';
import { formatCount } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { useAppApi } from '../store/context';
import { exceptionPlace, exceptionWords, profileLabel } from './order-file-words';
import { defaultSheetFolders, FolderChoice } from './sheet-folders';

/** Shown in the dialog; the exceptions CSV beside the return file lists every one. */
const SHOWN = 50;
const OWN_FILE = 'file';

function FailedWords({ failed }: { failed: OrderFileLoadView & { ok: false } }): React.JSX.Element {
  const t = useT('orderFiles');
  const profile = failed.profile ?? '';
  return (
    <div className="field-problem" role="alert" data-testid="order-failed">
      <p>
        {t(`load.failed.${failed.problem}`, { profile })} {t('load.nothingLoaded')}
      </p>
      {failed.headers.length > 0 && (
        <p className="small" data-i18n-skip="data">
          {t('load.columns', { columns: failed.headers.join(', ') })}
        </p>
      )}
    </div>
  );
}

export function OrderFileStep({
  preview,
  failed,
  onClose,
}: {
  preview: OrderFilePreview;
  failed: (OrderFileLoadView & { ok: false }) | null;
  onClose: () => void;
}): React.JSX.Element {
  const t = useT('orderFiles');
  const api = useAppApi();
  const builtins = preview.builtins.length > 0 ? preview.builtins : BUILTIN_PROFILE_NAMES;
  const [choice, setChoice] = useState<string>(preview.recognised ?? builtins[0] ?? '');
  const [own, setOwn] = useState<{ name: string; json: string } | null>(null);
  const [fileProblems, setFileProblems] = useState<readonly string[]>([]);
  const { error, setError, refused } = useActionError();
  const [busy, setBusy] = useState(false);
  const [folders, setFolders] = useState<string[]>(() => defaultSheetFolders(api.getState().roots));

  const chooseFile = async (): Promise<void> => {
    setError(null);
    const reply = await api.getState().chooseOrderProfile();
    if (refused(reply)) return;
    const file = reply.value;
    if (file === null || file.canceled) return;
    if (!file.ok) {
      setFileProblems(file.problems);
      return;
    }
    setFileProblems([]);
    setOwn({ name: file.name, json: file.json });
    setChoice(OWN_FILE);
  };

  const load = async (): Promise<void> => {
    const profile: OrderProfileChoice =
      choice === OWN_FILE && own
        ? { json: own.json }
        : choice === preview.recognised
          ? null
          : { builtin: choice };
    setBusy(true);
    await api.getState().loadOrderFile(profile, folders);
    setBusy(false);
  };

  return (
    <ActionDialog
      title={t('load.title', { name: preview.name })}
      onClose={onClose}
      cancelLabel={t('load.cancel')}
      action={{
        label: t('load.run'),
        run: load,
        disabled: busy || (choice === OWN_FILE && own === null),
        testId: 'order-load',
      }}
      error={error}
    >
      <p data-testid="order-lead">
        {preview.recognised
          ? t('load.recognised', { profile: profileLabel(preview.recognised) })
          : t('load.choose')}
      </p>
      <label className="mapping-row">
        <span>{t('load.profile')}</span>
        <select
          className="input"
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value);
          }}
          data-testid="order-profile"
        >
          {builtins.map((name) => (
            <option key={name} value={name} data-i18n-skip="data">
              {name === preview.recognised
                ? t('load.recognisedTag', { label: profileLabel(name) })
                : profileLabel(name)}
            </option>
          ))}
          {own && <option value={OWN_FILE}>{t('load.ownFile', { name: own.name })}</option>}
        </select>
      </label>
      <p>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void chooseFile()}
          data-testid="order-profile-file"
        >
          {t('load.chooseFile')}
        </button>
      </p>
      {fileProblems.length > 0 && (
        <div className="field-problem" role="alert" data-testid="order-profile-problems">
          <p>{t('load.fileProblems')}</p>
          <ul className="problem-list">
            {fileProblems.map((p, i) => (
              <li key={i} data-i18n-skip="data">
                {p}
              </li>
            ))}
          </ul>
        </div>
      )}
      <FolderChoice chosen={folders} onChange={setFolders} />
      {failed && <FailedWords failed={failed} />}
    </ActionDialog>
  );
}

export function OrderFileLoaded({
  result,
  onClose,
}: {
  result: OrderFileLoadView & { ok: true };
  onClose: () => void;
}): React.JSX.Element {
  const t = useT('orderFiles');
  const lang = useLang();
  const n = (v: number): string => formatCount(v, lang);
  return (
    <Dialog
      title={t('loaded.title')}
      onClose={onClose}
      footer={
        <button
          type="button"
          className="btn btn-primary"
          onClick={onClose}
          data-testid="sheet-close"
        >
          {t('loaded.close')}
        </button>
      }
    >
      <p data-testid="order-loaded">
        {t('loaded.summary', {
          name: result.name,
          profile: profileLabel(result.profile),
          records: n(result.records),
          meters: n(result.meters),
          sha: result.sha256.slice(0, 12),
        })}
      </p>
      <p>{t('loaded.matched', { matched: n(result.matched), unmatched: n(result.unmatched) })}</p>
      <ExceptionList exceptions={result.exceptions} testId="order-exceptions" />
    </Dialog>
  );
}

/** The exceptions with their lines, up to SHOWN; the rest counted. */
export function ExceptionList({
  exceptions,
  testId,
  written = false,
}: {
  exceptions: readonly OrderException[];
  testId: string;
  /** After a return: they are in its exceptions file too (after a load: none stopped it). */
  written?: boolean;
}): React.JSX.Element {
  const t = useT('orderFiles');
  const shown = exceptions.slice(0, SHOWN);
  if (exceptions.length === 0) return <p>{t('loaded.noExceptions')}</p>;
  return (
    <>
      <p>
        {written
          ? t('ret.exceptions', { count: exceptions.length })
          : t('loaded.exceptions', { count: exceptions.length })}
      </p>
      <ul className="exception-list" data-testid={testId} tabIndex={0}>
        {shown.map((e, i) => (
          <li key={i} data-reason={e.reason}>
            <strong>{exceptionPlace(e, t)}</strong>: {exceptionWords(e, t)}
          </li>
        ))}
      </ul>
      {exceptions.length > shown.length && (
        <p className="muted">{t('loaded.more', { count: exceptions.length - shown.length })}</p>
      )}
    </>
  );
}
