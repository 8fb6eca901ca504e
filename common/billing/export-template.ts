// Billing export templates: which columns, in which order, under which names, and how values are
// written (delimiter, decimal mark, dates, encoding). Saved and shared as small JSON files, so
// their validator is strict: unknown keys, wrong types, oversized values and prototype keys are
// refused with sentences that name the place in the file.
import { z } from 'zod';
import { checkWithSchema, parseSettingsJson, type Checked } from './strict-json';

export const EXPORT_FIELDS = [
  'meter_id',
  'account',
  'address',
  'route',
  'sequence',
  'read_at',
  'reading',
  'ai_reading',
  'confirmation',
  'read_type',
  'skip_code',
  'skip_note',
  'consumption',
  'previous_reading',
  'previous_read_at',
  'plausibility',
  'reasons',
  'use_on_bill',
  'photo',
  'photo_sha256',
  'task_id',
  'unmatched',
  'duplicate_of',
  'photo_codes',
  'meter_serial',
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];

export const EXPORT_DELIMITERS = [',', ';', '\t'] as const;
export const DECIMAL_MARKS = ['.', ','] as const;
export const DATE_FORMATS = ['iso', 'dd.mm.yyyy', 'dd/mm/yyyy', 'mm/dd/yyyy'] as const;
/** The language the export's words (its reasons) are written in. */
export const EXPORT_LANGUAGES = ['en', 'de'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];
/** "utf-8-bom" is what Excel needs to read UTF-8; "windows-1252" is for older importers. */
export const EXPORT_ENCODINGS = ['utf-8-bom', 'utf-8', 'windows-1252'] as const;

/** A column that carries a route sheet's column MeterDesk does not know, named by its header. */
export const SHEET_FIELD = 'sheet';

export type TemplateColumn =
  | { field: ExportField; header: string }
  | {
      field: typeof SHEET_FIELD;
      /** The route sheet's header whose cells the column carries, as written. */
      source: string;
      header: string;
    };

/** One name per column of a template: its field, or "sheet:" and the sheet's header. */
export function columnKey(column: TemplateColumn): string {
  return column.field === SHEET_FIELD ? `${SHEET_FIELD}:${column.source}` : column.field;
}

export interface ExportTemplate {
  version: 1;
  name: string;
  columns: TemplateColumn[];
  delimiter: (typeof EXPORT_DELIMITERS)[number];
  decimalMark: (typeof DECIMAL_MARKS)[number];
  dateFormat: (typeof DATE_FORMATS)[number];
  /** Write the time after read dates that have one. */
  includeTime: boolean;
  encoding: (typeof EXPORT_ENCODINGS)[number];
  /** Windows-1252 only: refuse the export (naming the cell) or write "?" for what it cannot hold. */
  unencodable: 'error' | 'replace';
  /** Add a row per photo that matched no meter, marked in `unmatched`, `use_on_bill` and `reasons`. */
  includeUnmatched: boolean;
  /**
   * The language of the reasons column; absent: the file's own (exportLanguageOf), German for a
   * German file (decimal comma and 12.10.2026), else the window's (English from the CLI).
   */
  language?: ExportLanguage;
}

/**
 * The language a template's reasons are written in: its own when it says, else German when the
 * file is written as a German billing system reads it (decimal comma, day.month.year), else the
 * window's (`windowLanguage`; English for the CLI and the office's tools). A German sheet's default
 * export (export-dialect.ts) is such a file.
 */
export function exportLanguageOf(
  template: Pick<ExportTemplate, 'language' | 'decimalMark' | 'dateFormat'>,
  windowLanguage: ExportLanguage = 'en',
): ExportLanguage {
  if (template.language !== undefined) return template.language;
  return template.decimalMark === ',' && template.dateFormat === 'dd.mm.yyyy'
    ? 'de'
    : windowLanguage;
}

/**
 * The template as exported from a window speaking `windowLanguage`: its reasons' language said
 * where the window's decides it (main, like the CLI, takes English for a template that does not).
 */
export function withExportLanguage(
  template: ExportTemplate,
  windowLanguage: ExportLanguage,
): ExportTemplate {
  const language = exportLanguageOf(template, windowLanguage);
  return language === exportLanguageOf(template) ? template : { ...template, language };
}

export const MAX_TEMPLATE_COLUMNS = 50;
export const MAX_HEADER_CHARS = 100;
const MAX_TEMPLATE_CHARS = 64 * 1024;

const DEFAULT_FIELDS: readonly ExportField[] = [
  'meter_id',
  'account',
  'route',
  'sequence',
  'read_at',
  'reading',
  'ai_reading',
  'confirmation',
  'read_type',
  'skip_code',
  'consumption',
  'previous_reading',
  'previous_read_at',
  'plausibility',
  'reasons',
  'use_on_bill',
  'photo',
  'photo_sha256',
  'task_id',
];

export const DEFAULT_EXPORT_TEMPLATE: ExportTemplate = {
  version: 1,
  name: 'MeterDesk billing',
  columns: DEFAULT_FIELDS.map((field) => ({ field, header: field })),
  delimiter: ',',
  decimalMark: '.',
  dateFormat: 'iso',
  includeTime: true,
  encoding: 'utf-8-bom',
  unencodable: 'error',
  includeUnmatched: false,
};

// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const D = DEFAULT_EXPORT_TEMPLATE;

const headerSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_HEADER_CHARS)
  .regex(NO_CONTROL, 'must not contain control characters or line breaks');

const templateSchema = z.strictObject({
  version: z.literal(1),
  name: z.string().min(1).max(100).regex(NO_CONTROL, 'must not contain control characters'),
  columns: z
    .array(
      z.strictObject({
        field: z.enum([...EXPORT_FIELDS, SHEET_FIELD]),
        /** The sheet's header a "sheet" column carries; no other column has one. */
        source: headerSchema.optional(),
        header: headerSchema,
      }),
    )
    .min(1)
    .max(MAX_TEMPLATE_COLUMNS),
  delimiter: z.enum(EXPORT_DELIMITERS).default(D.delimiter),
  decimalMark: z.enum(DECIMAL_MARKS).default(D.decimalMark),
  dateFormat: z.enum(DATE_FORMATS).default(D.dateFormat),
  includeTime: z.boolean().default(D.includeTime),
  encoding: z.enum(EXPORT_ENCODINGS).default(D.encoding),
  unencodable: z.enum(['error', 'replace']).default(D.unencodable),
  includeUnmatched: z.boolean().default(D.includeUnmatched),
  language: z.enum(EXPORT_LANGUAGES).optional(),
});

/** A template from a value of unknown origin; keys left out take the default template's values. */
export function validateExportTemplate(value: unknown): Checked<ExportTemplate> {
  const checked = checkWithSchema(templateSchema, value, 'export template');
  if (!checked.ok) return checked;
  const errors: string[] = [];
  const columns: TemplateColumn[] = [];
  checked.value.columns.forEach(({ field, source, header }, i) => {
    if (field === SHEET_FIELD && source !== undefined) columns.push({ field, source, header });
    else if (field !== SHEET_FIELD && source === undefined) columns.push({ field, header });
    else
      errors.push(
        field === SHEET_FIELD
          ? `"columns[${i + 1}]" carries a route sheet's column: name it in "source".`
          : `"columns[${i + 1}].source" is only for a column with "field": "${SHEET_FIELD}".`,
      );
  });
  const template: ExportTemplate = { ...checked.value, columns };
  const seen = new Map<string, number>();
  template.columns.forEach((column, i) => {
    const key = column.header.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push(
        `"columns[${i + 1}].header" ("${column.header}") repeats the name of column ${first + 1}; every column needs its own name.`,
      );
    } else {
      seen.set(key, i);
    }
  });
  if (template.delimiter === template.decimalMark) {
    errors.push(
      'The decimal mark "," is also the delimiter; choose ";" or a tab as the delimiter, or "." as the decimal mark.',
    );
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: template };
}

export function parseExportTemplateJson(text: string): Checked<ExportTemplate> {
  const parsed = parseSettingsJson(text, 'export template file', MAX_TEMPLATE_CHARS);
  return parsed.ok ? validateExportTemplate(parsed.value) : parsed;
}

/** The template as its file holds it (tabs escaped by JSON, two-space indent). */
export function exportTemplateJson(template: ExportTemplate): string {
  return `${JSON.stringify(template, null, 2)}\n`;
}
