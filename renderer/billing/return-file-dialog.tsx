// "Return file for billing" in the Export dialog (issue 31; docs/billing-files.md): the loaded order
// file given back byte for byte with the readings in, by the same code as `meter-desk export OUT
// --return-file`, and `<name>.exceptions.csv` beside it. Afterwards the dialog shows the counts
// and every exception with its line; a read type or code the profile does not map refuses the
// whole return with a sentence naming the meter, and nothing is written.
import { useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { OrderFileSummary, ReturnFileView } from '../../common/ipc';
import { ActionDialog, useActionError } from '../components/action-dialog';
import { Dialog } from '../components/dialog';
import { formatCount } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { useApp, useAppApi } from '../store/context';
import { ExportCounts } from './export-contents';
import { ExceptionList } from './order-file-dialog';
import { profileLabel, refusalWords } from './order-file-words';

const stem = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

function ReturnWritten({
  written,
  onClose,
}: {
  written: ReturnFileView & { ok: true };
  onClose: () => void;
}): React.JSX.Element {
  const t = useT('orderFiles');
  const lang = useLang();
  const api = useAppApi();
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
  const { totals, busy } = useApp(
    useShallow((s) => ({ totals: s.billing?.totals ?? null, busy: s.busy })),
  );
  const { error, setError, refused } = useActionError();
  const [written, setWritten] = useState<(ReturnFileView & { ok: true }) | null>(null);

  const run = async (): Promise<void> => {
    setError(null);
    const reply = await api.getState().exportReturnFile(orderFile.name);
    if (refused(reply)) return;
    const done = reply.value;
    if (done === null) return;
    if (done.ok) {
      setWritten(done);
      return;
    }
    setError(
      done.problem === 'refused'
        ? refusalWords(done.refusal, t)
        : done.problem === 'no_order_file'
          ? t('ret.noOrderFile')
          : t('ret.unreadable'),
    );
  };

  if (written) return <ReturnWritten written={written} onClose={onClose} />;
  return (
    <ActionDialog
      title={t('ret.title')}
      onClose={onClose}
      cancelLabel={t('ret.cancel')}
      action={{ label: t('ret.run'), run, disabled: busy, testId: 'return-file-run' }}
      error={error}
    >
      {kindSwitch}
      <p data-testid="return-file-lead">
        {t('ret.lead', { name: orderFile.name, profile: profileLabel(orderFile.profile) })}
      </p>
      <p className="muted small">{t('ret.beside', { name: stem(orderFile.name) })}</p>
      {totals && <ExportCounts totals={totals} />}
    </ActionDialog>
  );
}
