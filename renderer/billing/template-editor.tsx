// An export template, edited in place: its name, its file format (template-format.tsx) and its
// columns (template-columns.tsx). The validator of common/billing says what is wrong before
// anything is saved or written.
import { useT } from '../i18n/i18n';
import { TemplateColumns } from './template-columns';
import { TemplateFormat } from './template-format';
import type { TemplatePartProps } from './template-patch';

export function TemplateEditor({
  template,
  onChange,
  sheetColumns,
}: TemplatePartProps & { sheetColumns: readonly string[] }): React.JSX.Element {
  const t = useT('billing');
  return (
    <div className="template-editor" data-testid="template-editor">
      <label className="mapping-row">
        <span>{t('template.name')}</span>
        <input
          className="input"
          maxLength={100}
          value={template.name}
          onChange={(e) => {
            const name = e.target.value;
            onChange((tp) => ({ ...tp, name }));
          }}
          data-testid="template-name"
        />
      </label>
      <TemplateFormat template={template} onChange={onChange} />
      <TemplateColumns template={template} onChange={onChange} sheetColumns={sheetColumns} />
    </div>
  );
}
