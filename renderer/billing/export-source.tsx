// Whose meters a billing export holds, offered only while the desk works in an office: this desk's
// queue, or the whole office (every meter of every route, whichever desk read it: the file of
// `meter-desk export billing.csv --office`). The office's overview (counts, flagged meters, first
// rows) is asked for while "Whole office" is chosen; after an office export, its notice or why not.
import { useEffect, useState } from 'react';
import type { OfficeBillingFile, OfficeExportOverview, OfficeUnanswered } from '../../common/ipc';
import type { useActionError } from '../components/action-dialog';
import { formatCount } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { useAppApi } from '../store/context';
import { ExportQuestion, type ExportAnswer } from './export-question';
import type { ExportScope } from './export-contents';

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

/**
 * The office's overview for the scope while `active` (null meanwhile); a refused call is said where
 * the dialog says its errors.
 */
export function useOfficeOverview(
  active: boolean,
  scope: ExportScope,
  refused: ReturnType<typeof useActionError>['refused'],
): OfficeExportOverview | null {
  const api = useAppApi();
  const [overview, setOverview] = useState<OfficeExportOverview | null>(null);
  useEffect(() => {
    if (!active) return;
    let current = true;
    setOverview(null);
    void api
      .getState()
      .officeExportOverview(scope)
      .then((reply) => {
        if (!current || refused(reply)) return;
        setOverview(reply.value);
      });
    return () => {
      current = false;
    };
    // Not `refused`: a new function each render, and the question is only the scope's.
  }, [api, active, scope]);
  return overview;
}

/** No office, or the office's problem in the Office settings' words. */
export function useOfficeUnansweredWords(): (why: OfficeUnanswered) => string {
  const t = useT('billing');
  const officeT = useT('office');
  return (why) => {
    if (why.state === 'noOffice') return t('export.noOffice');
    const words = officeT(`problem.${why.problem}`, { ...why.params });
    return why.problem === 'other' ? `${words} ${why.params.detail}` : words;
  };
}

/** What the person is told: the notice when written, the reason in the dialog when not. */
export function useOfficeExportWords(): (
  done: OfficeBillingFile,
) => { ok: true; text: string } | { ok: false; text: string } {
  const t = useT('billing');
  const unanswered = useOfficeUnansweredWords();
  const lang = useLang();
  const n = (v: number): string => formatCount(v, lang);
  return (done) => {
    if (done.state !== 'written') return { ok: false, text: unanswered(done) };
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
