// "Return file for billing" in the Export dialog (issue 31; docs/billing-files.md): the loaded order
// file given back byte for byte with the readings in, by the same code as `meter-desk export OUT
// --return-file`, and `<name>.exceptions.csv` beside it. Afterwards the dialog shows the counts
// and every exception with its line; a read type or code the profile does not map refuses the
// whole return with a sentence naming the meter, and nothing is written. In an office, "Whole
// office" writes the office's copy of its newest order file from every desk's rows instead
// (`export OUT --return-file --office`), with the office's counts beside it.
import { useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type {
  OfficeBillingDesk,
  OfficeReturnFile,
  OrderFileSummary,
  ReturnFileView,
} from '../../common/ipc';
import { ActionDialog, useActionError } from '../components/action-dialog';
import { Dialog } from '../components/dialog';
import { formatCount } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { useApp, useAppApi } from '../store/context';
import { ExportCounts } from './export-contents';
import {
  ExportSourceChoice,
  useOfficeOverview,
  useOfficeUnansweredWords,
  type ExportSource,
} from './export-source';
import { ExceptionList } from './order-file-dialog';
import { profileLabel, refusalWords } from './order-file-words';

const stem = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

/** Where the office's return came from: who loaded the order file, whose readings fill it. */
interface OfficeSource {
  readonly loadedBy: string | null;
  readonly desks: readonly OfficeBillingDesk[];
}

function ReturnWritten({
  written,
  office,
  onClose,
}: {
  written: ReturnFileView & { ok: true };
  office: OfficeSource | null;
  onClose: () => void;
}): React.JSX.Element {
  const t = useT('orderFiles');
  const lang = useLang();
  const api = useAppApi();
  const desks = office?.desks.map((d) => `${d.desk} (${formatCount(d.rows, lang)})`).join(', ');
  return (
    <Dialog
      title={t('ret.doneTitle')}
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="btn btn-quiet"
            onClick={() => void api.getState().openLocation({ path: written.path })}
          >
            {t('ret.show')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={onClose}
            data-testid="return-file-close"
          >
            {t('ret.close')}
          </button>
        </>
      }
    >
      <p data-testid="return-file-done">
        {t('ret.done', {
          path: written.path,
          filled: formatCount(written.filled, lang),
          notRead: formatCount(written.notRead, lang),
        })}
      </p>
      {office && (
        <p data-testid="return-file-office">
          {desks
            ? t('ret.officeFrom', { desk: office.loadedBy ?? '?', desks })
            : t('ret.officeNoReading', { desk: office.loadedBy ?? '?' })}
        </p>
      )}
      <p className="muted small" data-i18n-skip="data">
        {t('ret.exceptionsFile', { path: written.exceptionsPath })}
      </p>
      <ExceptionList exceptions={written.exceptions} testId="return-file-exceptions" written />
    </Dialog>
  );
}

export function ReturnFileDialog({
  orderFile,
  onClose,
  kindSwitch,
}: {
  orderFile: OrderFileSummary;
  onClose: () => void;
  kindSwitch: ReactNode;
}): React.JSX.Element {
  const t = useT('orderFiles');
  const api = useAppApi();
  const { totals, busy, inOffice } = useApp(
    useShallow((s) => ({
      totals: s.billing?.totals ?? null,
      busy: s.busy,
      inOffice: s.officeStatus !== null,
    })),
  );
  const { error, setError, refused } = useActionError();
  const unanswered = useOfficeUnansweredWords();
  const [chosenSource, setSource] = useState<ExportSource>('desk');
  const source: ExportSource = inOffice ? chosenSource : 'desk';
  const overview = useOfficeOverview(source === 'office', 'all', refused);
  const [written, setWritten] = useState<{
    file: ReturnFileView & { ok: true };
    office: OfficeSource | null;
  } | null>(null);

  const answered = (file: ReturnFileView, office: OfficeSource | null): void => {
    if (file.ok) {
      setWritten({ file, office });
      return;
    }
    setError(
      file.problem === 'refused'
        ? refusalWords(file.refusal, t)
        : file.problem === 'no_order_file'
          ? t(office ? 'ret.officeNoOrderFile' : 'ret.noOrderFile')
          : t('ret.unreadable'),
    );
  };

  const run = async (): Promise<void> => {
    setError(null);
    const state = api.getState();
    if (source === 'office') {
      const reply = await state.exportOfficeReturnFile(orderFile.name);
      if (refused(reply) || reply.value === null) return;
      const done: OfficeReturnFile = reply.value;
      if (done.state === 'done') answered(done.file, done);
      else setError(unanswered(done));
      return;
    }
    const reply = await state.exportReturnFile(orderFile.name);
    if (refused(reply) || reply.value === null) return;
    answered(reply.value, null);
  };

  if (written)
    return <ReturnWritten written={written.file} office={written.office} onClose={onClose} />;
  const officeTotals = overview?.state === 'ready' ? overview : null;
  return (
    <ActionDialog
      title={t('ret.title')}
      onClose={onClose}
      cancelLabel={t('ret.cancel')}
      action={{ label: t('ret.run'), run, disabled: busy, testId: 'return-file-run' }}
      error={error}
    >
      {kindSwitch}
      {inOffice && <ExportSourceChoice source={source} setSource={setSource} />}
      <p data-testid="return-file-lead">
        {source === 'office'
          ? t('ret.officeLead')
          : t('ret.lead', { name: orderFile.name, profile: profileLabel(orderFile.profile) })}
      </p>
      <p className="muted small">{t('ret.beside', { name: stem(orderFile.name) })}</p>
      {source === 'desk' && totals && <ExportCounts totals={totals} />}
      {officeTotals && source === 'office' && (
        <ExportCounts totals={officeTotals.totals} routes={officeTotals.routes} />
      )}
    </ActionDialog>
  );
}
