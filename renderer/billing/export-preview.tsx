// The billing export before it is written: its first lines exactly as the file will hold them
// (the same line maker as main's writer, common/billing/export-line.ts, with the template being
// edited), the file's format in words, the one time-zone rule of read_at, and what each of its
// columns holds. Folded by default, so the dialog still fits a small window.
import { useState } from 'react';
import { previewLines } from '../../common/billing/export-line';
import { columnKey, SHEET_FIELD, type ExportTemplate } from '../../common/billing/export-template';
import type { BillingPreview } from '../../common/ipc';
import { useT } from '../i18n/i18n';

export function ExportPreview({
  preview,
  template,
  followsSheet,
}: {
  preview: BillingPreview | null;
  template: ExportTemplate;
  /** The template is the default in the loaded sheet's dialect. */
  followsSheet: boolean;
}): React.JSX.Element {
  const t = useT('export');
  const [fieldsOpen, setFieldsOpen] = useState(false);
  const lines = preview ? previewLines(preview.rows, template, preview.timeZone) : [];
  const format = t('preview.format', {
    encoding: t(`encodings.${template.encoding}`),
    delimiter: template.delimiter === '\t' ? t('preview.tab') : template.delimiter,
    mark: template.decimalMark,
    dates: template.dateFormat === 'iso' ? 'ISO' : template.dateFormat,
  });
  return (
    <div className="export-preview">
      <p className="label">{t('preview.title')}</p>
      <p className="muted small" data-testid="billing-preview-format">
        {format}
        {followsSheet && ` · ${t('preview.followsSheet')}`}
      </p>
      {preview && lines.length > 1 ? (
        // A region of its own that takes focus, so the keyboard can scroll wide lines too.
        <pre
          className="export-preview-lines"
          role="region"
          aria-label={t('preview.title')}
          tabIndex={0}
          data-testid="billing-preview"
          data-i18n-skip="data"
        >
          {lines.join('\n')}
        </pre>
      ) : (
        <p className="muted small">{preview ? t('preview.none') : '…'}</p>
      )}
      <p className="muted small" data-testid="billing-preview-read-at">
        {t('preview.readAt', { zone: preview?.timeZone ?? '' })}
      </p>
      <details
        className="export-fields"
        open={fieldsOpen}
        onToggle={(e) => {
          setFieldsOpen(e.currentTarget.open);
        }}
      >
        <summary>{t('preview.fieldsTitle')}</summary>
        <dl
          role="region"
          aria-label={t('preview.fieldsTitle')}
          tabIndex={0}
          data-testid="billing-fields"
        >
          {template.columns.map((c) => (
            <div key={columnKey(c)} className="export-field">
              <dt data-i18n-skip="data">{c.header}</dt>
              <dd>
                {c.field === SHEET_FIELD
                  ? t('fields.sheet', { source: c.source })
                  : t(`fields.${c.field}`)}
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
