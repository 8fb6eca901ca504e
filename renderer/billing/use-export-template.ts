// The billing export's template: the one saved (or the default in the loaded sheet's dialect),
// the validator's verdict, and what the clerk does with it (save, import from a file, export to
// a file).
import { useMemo, useState } from 'react';
import { dialectTemplate, type SheetDialect } from '../../common/billing/export-dialect';
import {
  DEFAULT_EXPORT_TEMPLATE,
  exportTemplateJson,
  parseExportTemplateJson,
  validateExportTemplate,
  withExportLanguage,
  type ExportTemplate,
} from '../../common/billing/export-template';
import { describeError } from '../lib/errors';
import { useT } from '../i18n/i18n';
import { useLang, writtenLanguage } from '../i18n/use-lang';
import { useAppApi } from '../store/context';

export type TemplateAction = 'save' | 'import' | 'export';

function savedTemplate(json: string | null): ExportTemplate {
  if (json === null) return DEFAULT_EXPORT_TEMPLATE;
  const parsed = parseExportTemplateJson(json);
  return parsed.ok ? parsed.value : DEFAULT_EXPORT_TEMPLATE;
}

export interface ExportTemplateState {
  readonly template: ExportTemplate;
  /**
   * The template as it is exported and previewed: a template that does not name the language of
   * its reasons takes the window's (unless its file is a German one: exportLanguageOf).
   */
  readonly forExport: ExportTemplate;
  readonly setTemplate: (next: ExportTemplate | ((t: ExportTemplate) => ExportTemplate)) => void;
  /** What the validator finds wrong, in one sentence; null when the template can be used. */
  readonly problem: string | null;
  /** What the last template action did, for the clerk. */
  readonly note: string | null;
  readonly templateAction: (action: TemplateAction) => Promise<void>;
  /** What "reset" gives: the default template in the loaded sheet's dialect. */
  readonly defaultTemplate: ExportTemplate;
  /** The template in use is that default, untouched (no saved one, not edited). */
  readonly followsSheet: boolean;
}

/**
 * `dialect`: the loaded sheet's, which may arrive after the dialog opened; until the clerk
 * changes the template, one without a saved template follows it. `setError` shows a failure
 * where the dialog shows its errors.
 */
export function useExportTemplate(
  savedJson: string | null,
  dialect: SheetDialect | null,
  setError: (error: string | null) => void,
): ExportTemplateState {
  const t = useT('billing');
  const errorsT = useT('errors');
  const api = useAppApi();
  const defaultTemplate = useMemo(() => dialectTemplate(dialect), [dialect]);
  const base = useMemo(
    () => (savedJson === null ? defaultTemplate : savedTemplate(savedJson)),
    [savedJson, defaultTemplate],
  );
  const [own, setOwn] = useState<ExportTemplate | null>(null);
  const template = own ?? base;
  const forExport = withExportLanguage(template, writtenLanguage(useLang()));
  const setTemplate: ExportTemplateState['setTemplate'] = (next) => {
    setOwn((current) => (typeof next === 'function' ? next(current ?? base) : next));
  };
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

  return {
    template,
    forExport,
    setTemplate,
    problem,
    note,
    templateAction,
    defaultTemplate,
    followsSheet: own === null && savedJson === null && dialect !== null,
  };
}
