// The export template's columns: which of the fixed set and of the route sheet's own columns
// (carried through as written) are in, their order and header names.
import {
  columnKey,
  EXPORT_FIELDS,
  SHEET_FIELD,
  type ExportTemplate,
  type TemplateColumn,
} from '../../common/billing/export-template';
import { useT } from '../i18n/i18n';
import type { TemplatePartProps } from './template-patch';

function move(
  columns: ExportTemplate['columns'],
  i: number,
  by: number,
): ExportTemplate['columns'] {
  const next = [...columns];
  const [item] = next.splice(i, 1);
  if (item) next.splice(Math.max(0, Math.min(next.length, i + by)), 0, item);
  return next;
}

/** Whether a column is in the template. */
function IncludeBox({
  label,
  checked,
  onToggle,
  testId,
}: {
  label: string;
  checked: boolean;
  onToggle: () => void;
  testId?: string;
}): React.JSX.Element {
  return (
    <input
      type="checkbox"
      checked={checked}
      aria-label={label}
      onChange={onToggle}
      data-testid={testId}
    />
  );
}

export function TemplateColumns({
  template,
  onChange,
  sheetColumns,
}: TemplatePartProps & {
  /** The loaded sheet's columns no field takes: each can be carried through. */
  sheetColumns: readonly string[];
}): React.JSX.Element {
  const t = useT('billing');
  const words = useT('export');
  const included = new Set(template.columns.map(columnKey));
  const left: TemplateColumn[] = [
    ...EXPORT_FIELDS.map((field): TemplateColumn => ({ field, header: field })),
    ...sheetColumns.map((source): TemplateColumn => ({
      field: SHEET_FIELD,
      source,
      header: source,
    })),
  ].filter((c) => !included.has(columnKey(c)));
  /** What the clerk sees a column called: its field, or the sheet's header. */
  const nameOf = (c: TemplateColumn): string => (c.field === SHEET_FIELD ? c.source : c.field);
  const add = (column: TemplateColumn): void => {
    onChange((tp) => ({ ...tp, columns: [...tp.columns, column] }));
  };
  const remove = (key: string): void => {
    onChange((tp) => ({ ...tp, columns: tp.columns.filter((c) => columnKey(c) !== key) }));
  };
  return (
    <>
      <p className="label">{t('template.columns')}</p>
      <ol className="template-columns">
        {template.columns.map((c, i) => {
          const key = columnKey(c);
          const name = nameOf(c);
          return (
            <li key={key} className="template-column">
              <IncludeBox
                label={t('template.include', { field: name })}
                checked
                onToggle={() => {
                  remove(key);
                }}
              />
              <span
                className="mono small"
                data-i18n-skip={c.field === SHEET_FIELD ? 'data' : undefined}
              >
                {name}
                {c.field === SHEET_FIELD && (
                  <span className="muted"> {words('preview.fromSheet')}</span>
                )}
              </span>
              <input
                className="input"
                value={c.header}
                maxLength={100}
                aria-label={t('template.header', { field: name })}
                onChange={(e) => {
                  const header = e.target.value;
                  onChange((tp) => ({
                    ...tp,
                    columns: tp.columns.map((x) => (columnKey(x) === key ? { ...x, header } : x)),
                  }));
                }}
                data-testid={`template-header-${key}`}
              />
              <button
                type="button"
                className="btn btn-icon btn-quiet btn-small"
                aria-label={t('template.up', { field: name })}
                disabled={i === 0}
                onClick={() => {
                  onChange((tp) => ({ ...tp, columns: move(tp.columns, i, -1) }));
                }}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-icon btn-quiet btn-small"
                aria-label={t('template.down', { field: name })}
                disabled={i === template.columns.length - 1}
                onClick={() => {
                  onChange((tp) => ({ ...tp, columns: move(tp.columns, i, 1) }));
                }}
              >
                ↓
              </button>
            </li>
          );
        })}
        {left.map((c) => {
          const key = columnKey(c);
          const name = nameOf(c);
          return (
            <li key={key} className="template-column template-column-off">
              <IncludeBox
                label={t('template.include', { field: name })}
                checked={false}
                onToggle={() => {
                  add(c);
                }}
                testId={`template-include-${key}`}
              />
              <span className="mono small muted">
                {name}
                {c.field === SHEET_FIELD && ` ${words('preview.fromSheet')}`}
              </span>
            </li>
          );
        })}
      </ol>
    </>
  );
}
