// "Import history…" beside the route sheet (issue 33, item 1): the meters' earlier readings, so the
// checks compare a reading with the meter's own seasons instead of the sheet's one average. What
// the import did is said at once, with every line that was not taken and why.
import type { HistoryProblem } from '../../common/billing/history-import-problems';
import { Dialog } from '../components/dialog';
import { Icon } from '../components/icon';
import { useT } from '../i18n/i18n';
import { useApp, useAppApi } from '../store/context';

export function HistoryImportButton(): React.JSX.Element {
  const t = useT('history');
  const api = useAppApi();
  return (
    <button
      type="button"
      className="btn btn-quiet"
      onClick={() => void api.getState().importHistory()}
      data-testid="import-history"
    >
      <Icon name="plus" /> {t('import.button')}
    </button>
  );
}

type HistoryT = ReturnType<typeof useT<'history'>>;

function problemWords(p: HistoryProblem, t: HistoryT): string {
  // i18next types each key's values; which values a code carries is history-import-problems.ts's.
  const say = t as unknown as (
    key: string,
    values: Readonly<Record<string, string | number>>,
  ) => string;
  const problem = say(`import.problem.${p.code}`, p.params);
  return p.line === null ? problem : t('import.line', { line: p.line, problem });
}

export function HistoryImportResult(): React.JSX.Element | null {
  const t = useT('history');
  const api = useAppApi();
  const shown = useApp((s) => s.historyImport);
  if (shown === null) return null;
  const close = (): void => {
    api.getState().closeHistoryImport();
  };
  const more = shown.problemCount - shown.problems.length;
  return (
    <Dialog
      title={t('import.title')}
      onClose={close}
      footer={
        <button type="button" className="btn btn-primary" onClick={close}>
          {t('import.close')}
        </button>
      }
    >
      <div data-testid="history-imported">
        <p>
          {t('import.summary', {
            count: shown.lines,
            added: shown.added,
            unchanged: shown.unchanged,
          })}
        </p>
        <p>{t('import.meters', { count: shown.meters, onSheet: shown.metersOnSheet })}</p>
        {shown.problemCount > 0 && (
          <>
            <p>{t('import.problems', { count: shown.problemCount })}</p>
            <ul className="problem-list" data-testid="history-problems">
              {shown.problems.map((p, i) => (
                <li key={`${String(p.line)}-${String(i)}`}>{problemWords(p, t)}</li>
              ))}
              {more > 0 && <li>{t('import.more', { count: more })}</li>}
            </ul>
          </>
        )}
      </div>
    </Dialog>
  );
}
