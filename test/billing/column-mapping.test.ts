import { describe, expect, it } from 'vitest';
import { SAP_SHEET_HEADERS } from './sap-headers';
import {
  normaliseHeader,
  parseColumnMappingJson,
  suggestMapping,
  validateColumnMapping,
} from '../../common/billing/column-mapping';

describe('suggestMapping', () => {
  it('maps the usual headers whatever their case, spacing and accents', () => {
    const { mapping, unmappedRequired } = suggestMapping([
      'Meter ID',
      'ACCOUNT',
      'previous_reading',
      'Previous-Read-At',
      'digits',
      'Decimals',
      'avg daily use',
      'Notes',
    ]);
    expect(unmappedRequired).toEqual([]);
    expect(mapping.fields).toEqual({
      meterId: 'Meter ID',
      account: 'ACCOUNT',
      previousReading: 'previous_reading',
      previousReadAt: 'Previous-Read-At',
      registerDigits: 'digits',
      registerDecimals: 'Decimals',
      avgDailyUse: 'avg daily use',
    });
  });

  it.each(['meter_id', 'meter id', 'serial', 'Meter Number', 'Zählernummer', 'ZAEHLERNUMMER'])(
    'recognises %j as the meter id',
    (header) => {
      expect(suggestMapping(['x', header]).mapping.fields.meterId).toBe(header);
    },
  );

  it.each([
    [
      'an SAP IS-U / German utility export (issue 29: six selects by hand)',
      [...SAP_SHEET_HEADERS],
      {
        route: 'Ableseeinheit',
        sequence: 'Folge',
        meterId: 'Zählerseriennummer',
        address: 'Straße',
        previousReading: 'Vorjahresstand',
        previousReadAt: 'Ablesedatum Vorjahr',
      },
    ],
    [
      "SAP IS-U's own field names, as a raw table export heads them",
      ['ABLEINH', 'SERNR', 'VKONT', 'V_ZWSTAND'],
      { route: 'ABLEINH', meterId: 'SERNR', account: 'VKONT', previousReading: 'V_ZWSTAND' },
    ],
  ])('maps %s by itself', (_what, headers, fields) => {
    const { mapping, unmappedRequired } = suggestMapping(headers);
    expect(unmappedRequired).toEqual([]);
    expect(mapping.fields).toEqual(fields);
  });

  it('prefers the more specific name when two headers could be the meter id', () => {
    expect(suggestMapping(['Serial', 'Meter ID']).mapping.fields.meterId).toBe('Meter ID');
  });

  it('reports the meter id as unmapped when no header names it', () => {
    expect(suggestMapping(['Gerät', 'Stand']).unmappedRequired).toEqual(['meterId']);
  });

  it('normalises headers', () => {
    expect(normaliseHeader(' Zähler-Nummer ')).toBe('zahlernummer');
    expect(normaliseHeader('Straße')).toBe('strasse');
  });
});

describe('column mapping files', () => {
  it('accepts a valid file', () => {
    const result = parseColumnMappingJson(
      JSON.stringify({
        version: 1,
        fields: { meterId: 'Zähler', avgDailyUse: 'Ø' },
        dateOrder: 'month_first',
      }),
    );
    expect(result).toEqual({
      ok: true,
      value: {
        version: 1,
        fields: { meterId: 'Zähler', avgDailyUse: 'Ø' },
        dateOrder: 'month_first',
      },
    });
  });

  it.each([
    ['not json', '{', 'not valid JSON'],
    ['wrong version', '{"version":2,"fields":{"meterId":"a"}}', '"version" must be 1'],
    [
      'unknown field',
      '{"version":1,"fields":{"meterId":"a","colour":"b"}}',
      'unknown key "colour"',
    ],
    ['prototype key', '{"version":1,"fields":{"meterId":"a","__proto__":{"x":1}}}', '"__proto__"'],
    ['constructor key', '{"version":1,"constructor":{},"fields":{"meterId":"a"}}', '"constructor"'],
    ['no meter id', '{"version":1,"fields":{"account":"a"}}', '"fields.meterId" is missing'],
    [
      'number as header',
      '{"version":1,"fields":{"meterId":5}}',
      '"fields.meterId" must be a string',
    ],
    ['same column twice', '{"version":1,"fields":{"meterId":"A","account":"a"}}', 'same column'],
    [
      'bad date order',
      '{"version":1,"fields":{"meterId":"a"},"dateOrder":"ymd"}',
      '"dateOrder" must be',
    ],
    [
      'huge file',
      JSON.stringify({ version: 1, fields: { meterId: 'x'.repeat(1_000_000) } }),
      'at most',
    ],
    ['deep nesting', '['.repeat(100_000) + ']'.repeat(100_000), 'at most'],
    ['array', '[]', 'must be an object'],
  ])('refuses %s with a clear error', (_name, text, message) => {
    const result = parseColumnMappingJson(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join(' ')).toContain(message);
  });

  it('refuses a deeply nested value that fits the size limit', () => {
    const nested = `{"version":1,"fields":{"meterId":"a"},"x":${'['.repeat(20)}${']'.repeat(20)}}`;
    const result = parseColumnMappingJson(nested);
    expect(result).toEqual({ ok: false, errors: [expect.stringContaining('nested too deeply')] });
  });

  it('validates values that did not come from a file', () => {
    expect(validateColumnMapping({ version: 1, fields: { meterId: 'Serial' } }).ok).toBe(true);
    expect(validateColumnMapping(null).ok).toBe(false);
  });
});
