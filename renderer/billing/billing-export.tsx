// Export for billing: what is in it (finished, to review, being read, no reading yet), which
// meters ("finished and reviewed only" by default), a warning that names the flagged meters, and
// the template (choose, save, import, export; decimal mark and separator among its settings).
// The notice afterwards counts readings, not rows.
import { useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  DEFAULT_EXPORT_TEMPLATE,
  exportTemplateJson,
  parseExportTemplateJson,
  validateExportTemplate,
  type ExportTemplate,
} from '../../common/billing/export-template';
import { Dialog } from '../components/dialog';
import { describeError } from '../lib/errors';
import { useT } from '../i18n/i18n';
import { formatCount } from '../i18n/format';
import { useApp, useAppApi } from '../store/context';
import { TemplateEditor } from './template-editor';
import { useLang } from '../i18n/use-lang';

function savedTemplate(json: string | null): ExportTemplate {
  if (json === null) return DEFAULT_EXPORT_TEMPLATE;
  const parsed = parseExportTemplateJson(json);
  return parsed.ok ? parsed.value : DEFAULT_EXPORT_TEMPLATE;
}

export function BillingExportDialog({
  onClose,
  kindSwitch,
}: {
  onClose: () => void;
  kindSwitch: ReactNode;
}): React.JSX.Element {
  const t = useT('billing');
  const errorsT = useT('errors');
  const lang = useLang();
  const api = useAppApi();
  const { billing, busy } = useApp(useShallow((s) => ({ billing: s.billing, busy: s.busy })));
  const [template, setTemplate] = useState(() => savedTemplate(billing?.templateJson ?? null));
  const [scope, setScope] = useState<'finished' | 'all'>('finished');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // The template's columns are set up once; folded, the dialog fits the window.
  const [editing, setEditing] = useState(false);
  const checked = validateExportTemplate(template);
  const problem = checked.ok ? null : checked.errors.join(' ');
  const totals = billing?.totals;
  const flagged = billing?.flaggedMeters ?? [];
  const n = (v: number): string => formatCount(v, lang);

  const templateAction = async (action: 'save' | 'import' | 'export'): Promise<void> => {
    setError(null);
    setNote(null);
    const state = api.getState();
    const json = exportTemplateJson(template);
    if (action === 'import') {
      const got = await state.importTemplate();
      if (!got.ok) setError(describeError(got.error, errorsT));
      else if (got.value !== null) {
        const next = savedTemplate(got.value);
        setTemplate(next);
        setNote(t('template.imported', { name: next.name }));
      }
      return;
    }
    if (problem) return;
    if (action === 'save') {
      const saved = await state.saveTemplate(json);
      if (!saved.ok) setError(describeError(saved.error, errorsT));
      else setNote(t('template.saved', { name: template.name }));
    } else {
      const done = await state.exportTemplate(json);
      if (!done.ok) setError(describeError(done.error, errorsT));
      else if (done.value) setNote(t('template.exported', { path: done.value.path }));
    }
  };

  const run = async (): Promise<void> => {
    if (problem) return;
    setError(null);
    const state = api.getState();
    const reply = await state.exportBilling(exportTemplateJson(template), scope);
    if (!reply.ok) {
      setError(describeError(reply.error, errorsT));
      return;
    }
    const done = reply.value;
    if (!done) return;
    state.notify(
      'ok',
      [
        t('export.done', { readings: n(done.readings), skipped: n(done.skipped), path: done.path }),
        done.replaced > 0 ? t('export.replaced', { n: n(done.replaced) }) : '',
      ]
        .filter(Boolean)
        .join(' '),
      done.path,
    );
    onClose();
  };

  const named = flagged.join(', ');
  const moreFlagged = (totals?.flagged ?? 0) - flagged.length;
  return (
    <Dialog
      title={t('export.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-quiet" onClick={onClose}>
            {t('sheet.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || problem !== null}
            onClick={() => void run()}
            data-testid="billing-export-run"
          >
            {t('export.run')}
          </button>
        </>
      }
    >
      {kindSwitch}
      {totals && (
        <>
          <p className="label">{t('export.contents')}</p>
          <ul className="legend export-counts" data-testid="billing-export-counts">
            <li>
              {t('export.finished')} <strong>{n(totals.confirmed)}</strong>
            </li>
            <li>
              {t('export.skipped')} <strong>{n(totals.skipped)}</strong>
            </li>
            <li>
              {t('export.toReview')} <strong>{n(totals.flagged)}</strong>
            </li>
            <li>
              {t('export.pending')} <strong>{n(totals.pending)}</strong>
            </li>
            <li>
              {t('export.notSent')} <strong>{n(totals.missing)}</strong>
            </li>
          </ul>
        </>
      )}
      <fieldset className="fieldset">
        <legend>{t('export.scope')}</legend>
        <label className="choice">
          <input
            type="radio"
            name="billing-scope"
            checked={scope === 'finished'}
            onChange={() => {
              setScope('finished');
            }}
          />
          {t('export.scopeFinished')}
        </label>
        <label className="choice">
          <input
            type="radio"
            name="billing-scope"
            checked={scope === 'all'}
            onChange={() => {
              setScope('all');
            }}
            data-testid="billing-scope-all"
          />
          {t('export.scopeAll')}
        </label>
      </fieldset>
      {flagged.length > 0 && (
        <p
          className="banner banner-warn export-warning"
          role="note"
          data-testid="billing-export-warning"
        >
          {scope === 'finished'
            ? t('export.warnLeftOut', { meters: named })
            : t('export.warnIncluded', { meters: named })}
          {moreFlagged > 0 && ` ${t('export.warnMore', { n: n(moreFlagged) })}`}
        </p>
      )}
      <fieldset className="fieldset">
        <legend>{t('template.title')}</legend>
        <div className="form-actions template-actions">
          <button
            type="button"
            className="btn btn-small"
            disabled={problem !== null}
            onClick={() => void templateAction('save')}
            data-testid="template-save"
          >
            {t('template.save')}
          </button>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void templateAction('import')}
            data-testid="template-import"
          >
            {t('template.import')}
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={problem !== null}
            onClick={() => void templateAction('export')}
            data-testid="template-export"
          >
            {t('template.exportFile')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => {
              setTemplate(DEFAULT_EXPORT_TEMPLATE);
            }}
          >
            {t('template.reset')}
          </button>
        </div>
        {note && (
          <p className="form-ok" role="status">
            {note}
          </p>
        )}
        {problem && (
          <p className="field-problem" role="alert">
            {t('template.invalid', { reason: problem })}
          </p>
        )}
        <p className="template-summary">
          <strong data-testid="template-summary" data-i18n-skip="data">
            {template.name}
          </strong>
          <span className="muted small">
            {t('template.summary', {
              n: n(template.columns.length),
              delimiter: template.delimiter === '\t' ? 'TAB' : template.delimiter,
              mark: template.decimalMark,
            })}
          </span>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            aria-expanded={editing}
            onClick={() => {
              setEditing(!editing);
            }}
            data-testid="template-edit"
          >
            {editing ? t('template.fold') : t('template.edit')}
          </button>
        </p>
        {editing && (
          <TemplateEditor
            template={template}
            onChange={(patch) => {
              setTemplate(patch);
            }}
          />
        )}
      </fieldset>
      {error && (
        <p className="field-problem" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
