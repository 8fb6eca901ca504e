// The export template's file format: separator, decimal mark, date format, encoding, the reasons'
// language, and whether times and photos without a meter go in.
import { DATE_FORMATS, exportLanguageOf } from '../../common/billing/export-template';
import { useT } from '../i18n/i18n';
import { useLang, writtenLanguage } from '../i18n/use-lang';
import type { TemplatePartProps } from './template-patch';
import { CheckChoice } from '../components/choice-fieldset';

const DATE_WORDS: Record<(typeof DATE_FORMATS)[number], string> = {
  iso: 'ISO (2026-10-12)',
  'dd.mm.yyyy': 'dd.mm.yyyy',
  'dd/mm/yyyy': 'dd/mm/yyyy',
  'mm/dd/yyyy': 'mm/dd/yyyy',
};

export function TemplateFormat({ template, onChange }: TemplatePartProps): React.JSX.Element {
  const t = useT('billing');
  const lang = useLang();
  return (
    <>
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
        <label>
          <span className="label">{t('template.language')}</span>
          <select
            className="input"
            value={exportLanguageOf(template, writtenLanguage(lang))}
            onChange={(e) => {
              const v = e.target.value === 'de' ? 'de' : 'en';
              onChange((tp) => ({ ...tp, language: v }));
            }}
            data-testid="template-language"
          >
            <option value="en">{t('template.english')}</option>
            <option value="de">{t('template.german')}</option>
          </select>
        </label>
      </div>
      <CheckChoice
        checked={template.includeTime}
        onChange={(v) => {
          onChange((tp) => ({ ...tp, includeTime: v }));
        }}
      >
        {t('template.includeTime')}
      </CheckChoice>
      <CheckChoice
        checked={template.includeUnmatched}
        onChange={(v) => {
          onChange((tp) => ({ ...tp, includeUnmatched: v }));
        }}
      >
        {t('template.unmatched')}
      </CheckChoice>
    </>
  );
}
