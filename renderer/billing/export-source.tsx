// Whose meters a billing export holds, offered only while the desk works in an office: this desk's
// queue, or the whole office (every meter of every route, whichever desk read it: the file of
// `meter-desk export billing.csv --office`). After an office export, its notice or why not.
import type { OfficeBillingFile } from '../../common/ipc';
import { formatCount } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { ExportQuestion, type ExportAnswer } from './export-question';

export type ExportSource = ExportAnswer<'source'>;

export function ExportSourceChoice({
  source,
  setSource,
}: {
  source: ExportSource;
  setSource: (source: ExportSource) => void;
}): React.JSX.Element {
  const t = useT('billing');
  return (
    <>
      <ExportQuestion question="source" value={source} onChange={setSource} />
      {source === 'office' && (
        <p className="muted small" data-testid="billing-source-office-help">
          {t('export.sourceOfficeHelp')}
        </p>
      )}
    </>
  );
}

/** What the person is told: the notice when written, the reason in the dialog when not. */
export function useOfficeExportWords(): (
  done: OfficeBillingFile,
) => { ok: true; text: string } | { ok: false; text: string } {
  const t = useT('billing');
  const officeT = useT('office');
  const lang = useLang();
  const n = (v: number): string => formatCount(v, lang);
  return (done) => {
    if (done.state === 'noOffice') return { ok: false, text: t('export.noOffice') };
    if (done.state === 'problem') {
      const words = officeT(`problem.${done.problem}`, { ...done.params });
      return {
        ok: false,
        text: done.problem === 'other' ? `${words} ${done.params.detail}` : words,
      };
    }
    const desks = done.desks.map((d) => `${d.desk} (${n(d.rows)})`).join(', ');
    return {
      ok: true,
      text: [
        t('export.officeDone', { meters: n(done.meters), path: done.path }),
        desks === '' ? t('export.officeNoDesk') : t('export.officeDesks', { desks }),
        done.replaced > 0 ? t('export.replaced', { n: n(done.replaced) }) : '',
      ]
        .filter(Boolean)
        .join(' '),
    };
  };
}
