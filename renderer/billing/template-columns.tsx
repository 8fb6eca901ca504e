// The export template's columns: which of the fixed set are in, their order and header names.
import {
  EXPORT_FIELDS,
  type ExportField,
  type ExportTemplate,
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

export function TemplateColumns({ template, onChange }: TemplatePartProps): React.JSX.Element {
  const t = useT('billing');
  const included = new Set(template.columns.map((c) => c.field));
  const left = EXPORT_FIELDS.filter((f) => !included.has(f));
  const toggle = (field: ExportField, on: boolean): void => {
    onChange((tp) => ({
      ...tp,
      columns: on
        ? [...tp.columns, { field, header: field }]
        : tp.columns.filter((c) => c.field !== field),
    }));
  };
  return (
    <>
      <p className="label">{t('template.columns')}</p>
      <ol className="template-columns">
        {template.columns.map((c, i) => (
          <li key={c.field} className="template-column">
            <input
              type="checkbox"
              checked
              aria-label={t('template.include', { field: c.field })}
              onChange={() => {
                toggle(c.field, false);
              }}
            />
            <span className="mono small">{c.field}</span>
            <input
              className="input"
              value={c.header}
              maxLength={100}
              aria-label={t('template.header', { field: c.field })}
              onChange={(e) => {
                const header = e.target.value;
                onChange((tp) => ({
                  ...tp,
                  columns: tp.columns.map((x) => (x.field === c.field ? { ...x, header } : x)),
                }));
              }}
              data-testid={`template-header-${c.field}`}
            />
            <button
              type="button"
              className="btn btn-icon btn-quiet btn-small"
              aria-label={t('template.up', { field: c.field })}
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
              aria-label={t('template.down', { field: c.field })}
              disabled={i === template.columns.length - 1}
              onClick={() => {
                onChange((tp) => ({ ...tp, columns: move(tp.columns, i, 1) }));
              }}
            >
              ↓
            </button>
          </li>
        ))}
        {left.map((f) => (
          <li key={f} className="template-column template-column-off">
            <input
              type="checkbox"
              checked={false}
              aria-label={t('template.include', { field: f })}
              onChange={() => {
                toggle(f, true);
              }}
              data-testid={`template-include-${f}`}
            />
            <span className="mono small muted">{f}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
