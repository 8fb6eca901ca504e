// The billing export's template: the one saved (or the default), the validator's verdict, and
// what the clerk does with it (save, import from a file, export to a file).
import { useState } from 'react';
import {
  DEFAULT_EXPORT_TEMPLATE,
  exportTemplateJson,
  parseExportTemplateJson,
  validateExportTemplate,
  type ExportTemplate,
} from '../../common/billing/export-template';
import { describeError } from '../lib/errors';
import { useT } from '../i18n/i18n';
import { useAppApi } from '../store/context';

export type TemplateAction = 'save' | 'import' | 'export';

function savedTemplate(json: string | null): ExportTemplate {
  if (json === null) return DEFAULT_EXPORT_TEMPLATE;
  const parsed = parseExportTemplateJson(json);
  return parsed.ok ? parsed.value : DEFAULT_EXPORT_TEMPLATE;
}

export interface ExportTemplateState {
  readonly template: ExportTemplate;
  readonly setTemplate: (next: ExportTemplate | ((t: ExportTemplate) => ExportTemplate)) => void;
  /** What the validator finds wrong, in one sentence; null when the template can be used. */
  readonly problem: string | null;
  /** What the last template action did, for the clerk. */
  readonly note: string | null;
  readonly templateAction: (action: TemplateAction) => Promise<void>;
}

/** `setError` shows a failure where the dialog shows its errors. */
export function useExportTemplate(
  savedJson: string | null,
  setError: (error: string | null) => void,
): ExportTemplateState {
  const t = useT('billing');
  const errorsT = useT('errors');
  const api = useAppApi();
  const [template, setTemplate] = useState(() => savedTemplate(savedJson));
  const [note, setNote] = useState<string | null>(null);
  const checked = validateExportTemplate(template);
  const problem = checked.ok ? null : checked.errors.join(' ');

  const templateAction = async (action: TemplateAction): Promise<void> => {
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

  return { template, setTemplate, problem, note, templateAction };
}
