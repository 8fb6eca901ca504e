// An export template, edited in place: which columns (of the fixed set), their order and header
// names; the separator, decimal mark, date format and encoding. The validator of common/billing
// says what is wrong before anything is saved or written.
import {
  DATE_FORMATS,
  EXPORT_FIELDS,
  type ExportField,
  type ExportTemplate,
} from '../../common/billing/export-template';
import { useT } from '../i18n/i18n';

type Patch = (t: ExportTemplate) => ExportTemplate;

const DATE_WORDS: Record<(typeof DATE_FORMATS)[number], string> = {
  iso: 'ISO (2026-10-12)',
  'dd.mm.yyyy': 'dd.mm.yyyy',
  'mm/dd/yyyy': 'mm/dd/yyyy',
};

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

export function TemplateEditor({
  template,
  onChange,
}: {
  template: ExportTemplate;
  onChange: (patch: Patch) => void;
}): React.JSX.Element {
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
      <div className="template-format">
        <label>
          <span className="label">{t('template.delimiter')}</span>
          <select
            className="input"
            value={template.delimiter}
            onChange={(e) => {
              const v = e.target.value;
              onChange((tp) => ({ ...tp, delimiter: v === ';' ? ';' : v === '\t' ? '\t' : ',' }));
            }}
            data-testid="template-delimiter"
          >
            <option value=",">{t('template.comma')}</option>
            <option value=";">{t('template.semicolon')}</option>
            <option value={'\t'}>{t('template.tab')}</option>
          </select>
        </label>
        <label>
          <span className="label">{t('template.decimalMark')}</span>
          <select
            className="input"
            value={template.decimalMark}
            onChange={(e) => {
              const v = e.target.value === ',' ? ',' : '.';
              onChange((tp) => ({ ...tp, decimalMark: v }));
            }}
            data-testid="template-decimal"
          >
            <option value=".">{t('template.point')}</option>
            <option value=",">{t('template.decimalComma')}</option>
          </select>
        </label>
        <label>
          <span className="label">{t('template.dateFormat')}</span>
          <select
            className="input"
            value={template.dateFormat}
            onChange={(e) => {
              const v = DATE_FORMATS.find((d) => d === e.target.value) ?? 'iso';
              onChange((tp) => ({ ...tp, dateFormat: v }));
            }}
          >
            {DATE_FORMATS.map((d) => (
              <option key={d} value={d}>
                {DATE_WORDS[d]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="label">{t('template.encoding')}</span>
          <select
            className="input"
            value={template.encoding}
            onChange={(e) => {
              const v = e.target.value;
              onChange((tp) => ({
                ...tp,
                encoding:
                  v === 'utf-8' ? 'utf-8' : v === 'windows-1252' ? 'windows-1252' : 'utf-8-bom',
              }));
            }}
          >
            <option value="utf-8-bom">{t('template.utf8bom')}</option>
            <option value="utf-8">{t('template.utf8')}</option>
            <option value="windows-1252">{t('template.windows1252')}</option>
          </select>
        </label>
      </div>
      <label className="choice">
        <input
          type="checkbox"
          checked={template.includeTime}
          onChange={(e) => {
            const v = e.target.checked;
            onChange((tp) => ({ ...tp, includeTime: v }));
          }}
        />
        {t('template.includeTime')}
      </label>
      <label className="choice">
        <input
          type="checkbox"
          checked={template.includeUnmatched}
          onChange={(e) => {
            const v = e.target.checked;
            onChange((tp) => ({ ...tp, includeUnmatched: v }));
          }}
        />
        {t('template.unmatched')}
      </label>
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
    </div>
  );
}
