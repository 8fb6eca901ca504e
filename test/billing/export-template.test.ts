import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPORT_TEMPLATE,
  EXPORT_FIELDS,
  exportTemplateJson,
  parseExportTemplateJson,
  validateExportTemplate,
} from '../../common/billing/export-template';
import { templateCells } from '../../common/billing/export-cells';
import { billingRow } from './billing-rows';

const minimal = {
  version: 1,
  name: 'SAP',
  columns: [{ field: 'meter_id', header: 'Zählernummer' }],
};

describe('export templates', () => {
  it('round-trip through their JSON file, tab delimiter included', () => {
    const template = { ...DEFAULT_EXPORT_TEMPLATE, delimiter: '\t' as const };
    expect(parseExportTemplateJson(exportTemplateJson(template))).toEqual({
      ok: true,
      value: template,
    });
  });

  it('take the defaults for keys a file leaves out', () => {
    const result = parseExportTemplateJson(JSON.stringify(minimal));
    expect(result).toEqual({
      ok: true,
      value: {
        ...DEFAULT_EXPORT_TEMPLATE,
        name: 'SAP',
        columns: [{ field: 'meter_id', header: 'Zählernummer' }],
      },
    });
  });

  const hostile: [string, unknown, string][] = [
    ['an unknown key', { ...minimal, colour: 'red' }, 'unknown key "colour"'],
    [
      'an unknown key in a column',
      { ...minimal, columns: [{ field: 'meter_id', header: 'a', width: 3 }] },
      '"columns[1]" has unknown key "width"',
    ],
    [
      'an unknown field',
      { ...minimal, columns: [{ field: 'password', header: 'a' }] },
      '"columns[1].field" must be "meter_id" or',
    ],
    [
      'a number for a header',
      { ...minimal, columns: [{ field: 'meter_id', header: 5 }] },
      '"columns[1].header" must be a string',
    ],
    [
      'a string for a boolean',
      { ...minimal, includeTime: 'yes' },
      '"includeTime" must be a boolean',
    ],
    ['version 2', { ...minimal, version: 2 }, '"version" must be 1'],
    ['no version', { name: 'x', columns: minimal.columns }, '"version" is missing'],
    ['no columns', { ...minimal, columns: [] }, '"columns" must have at least 1 entries'],
    [
      '200 columns',
      {
        ...minimal,
        columns: Array.from({ length: 200 }, (_, i) => ({ field: 'meter_id', header: `c${i}` })),
      },
      '"columns" must have at most 50 entries',
    ],
    [
      'duplicate header names',
      {
        ...minimal,
        columns: [
          { field: 'meter_id', header: 'ID' },
          { field: 'account', header: 'id' },
        ],
      },
      '"columns[2].header" ("id") repeats the name of column 1',
    ],
    [
      'an empty header',
      { ...minimal, columns: [{ field: 'meter_id', header: '  ' }] },
      '"columns[1].header" must have at least 1 characters',
    ],
    [
      'a line break in a header',
      { ...minimal, columns: [{ field: 'meter_id', header: 'a\nb' }] },
      'must not contain control characters or line breaks',
    ],
    [
      'a long header',
      { ...minimal, columns: [{ field: 'meter_id', header: 'x'.repeat(101) }] },
      'must have at most 100 characters',
    ],
    [
      'an unknown delimiter',
      { ...minimal, delimiter: '|' },
      '"delimiter" must be "," or ";" or "\\t"',
    ],
    [
      'decimal mark = delimiter',
      { ...minimal, delimiter: ',', decimalMark: ',' },
      'The decimal mark "," is also the delimiter',
    ],
    ['an array', [], 'must be an object'],
  ];

  it.each(hostile)('refuse %s', (_name, value, message) => {
    const result = validateExportTemplate(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join(' ')).toContain(message);
  });

  it.each([
    [
      'a 1 MB string',
      JSON.stringify({ ...minimal, name: 'x'.repeat(1024 * 1024) }),
      'at most 65,536 are allowed',
    ],
    [
      '__proto__',
      '{"version":1,"name":"x","columns":[{"field":"meter_id","header":"a","__proto__":{"admin":true}}]}',
      'uses the key "__proto__" in columns[1]',
    ],
    [
      'constructor',
      '{"version":1,"name":"x","constructor":{"prototype":{}},"columns":[]}',
      'uses the key "constructor"',
    ],
    ['broken JSON', '{"version":1,', 'not valid JSON'],
  ])('refuse a file with %s', (_name, text, message) => {
    const result = parseExportTemplateJson(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join(' ')).toContain(message);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('offer every field', () => {
    const all = { ...minimal, columns: EXPORT_FIELDS.map((field) => ({ field, header: field })) };
    const result = validateExportTemplate(all);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(templateCells(billingRow(), result.value)).toHaveLength(EXPORT_FIELDS.length);
  });
});
