// The template part of the billing export: its actions (save, import, export, reset), what the
// last one did, the validator's verdict, a one-line summary and the editor, folded by default.
import { useState } from 'react';
import { formatCount } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { TemplateEditor } from './template-editor';
import type { ExportTemplateState } from './use-export-template';

export function TemplateFieldset({
  template,
  setTemplate,
  problem,
  note,
  templateAction,
  defaultTemplate,
  sheetColumns,
}: ExportTemplateState & {
  /** The loaded sheet's columns no field takes, which the editor offers to carry through. */
  sheetColumns: readonly string[];
}): React.JSX.Element {
  const t = useT('billing');
  const lang = useLang();
  const n = (v: number): string => formatCount(v, lang);
  // The template's columns are set up once; folded, the dialog fits the window.
  const [editing, setEditing] = useState(false);
  return (
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
        {/* Framed like the actions beside it: borderless, its words read as a label. */}
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            setTemplate(defaultTemplate);
          }}
          data-testid="template-reset"
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
          sheetColumns={sheetColumns}
          template={template}
          onChange={(patch) => {
            setTemplate(patch);
          }}
        />
      )}
    </fieldset>
  );
}
