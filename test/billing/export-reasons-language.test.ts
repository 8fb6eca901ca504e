// The billing export's reasons column is worded in the template's language, from the templates the
// window's catalogue uses (common/billing/rule-templates-*.ts): read back from the written file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { BillingRow } from '../../common/billing/billing-row';
import {
  DEFAULT_EXPORT_TEMPLATE,
  validateExportTemplate,
  type ExportTemplate,
} from '../../common/billing/export-template';
import { dialectTemplate } from '../../common/billing/export-dialect';
import { checkReasons } from '../../common/billing/plausibility-english';
import { exportBilling } from '../../main/billing/billing-export';
import { createI18n } from '../../renderer/i18n/i18n';
import { ruleLine } from '../../renderer/billing/rule-words';
import { useTempDirPerTest } from '../helpers/temp-dir-per-test';
import { billingRow } from './billing-rows';
import { after, check } from './plausibility-cases';

const tmp = useTempDirPerTest('meterdesk-reasons-');

const outcome = check({ ...after(86), readAt: '2026-10-22', avgDailyUse: 5 });
const flags = {
  flagged: outcome.results.filter((r) => r.level !== 'ok'),
  dateFlags: [],
  unchecked: [],
};

/** A flagged meter as meterRow builds it: English reasons, and their parts by code. */
const FLAGGED: BillingRow = billingRow({
  plausibility: 'warning',
  useOnBill: false,
  reasons: `${checkReasons(flags)} 1 identical copy of the photo.`,
  reasonParts: { before: [], check: flags, after: [], copies: 1 },
});

const columns: ExportTemplate['columns'] = [
  { field: 'meter_id', header: 'meter' },
  { field: 'reasons', header: 'reasons' },
];

async function reasonsWritten(template: ExportTemplate): Promise<string> {
  const out = path.join(tmp.dir, `${template.language ?? 'none'}.csv`);
  await exportBilling([FLAGGED], out, template);
  const text = readFileSync(out).subarray(3).toString('utf8');
  const rows = parse<Record<string, string>>(text, {
    columns: true,
    delimiter: template.delimiter,
  });
  return rows[0]?.reasons ?? '';
}

describe('the reasons column', () => {
  it('is German with a German template, as the window says the same rule', async () => {
    const reasons = await reasonsWritten({ ...DEFAULT_EXPORT_TEMPLATE, columns, language: 'de' });
    const de = createI18n('de').getFixedT('de', 'billing');
    const high = flags.flagged.find((r) => r.code === 'high_low.high');
    expect(high).toBeDefined();
    const window = high === undefined ? null : ruleLine(high, de, 'de');
    expect(window).toEqual({
      worded:
        '86 m³ in 10 Tagen liegen 72 % über dem erwarteten Verbrauch von 50 m³ (5 m³/Tag × 10; Grenze +70 %).',
    });
    expect(reasons.startsWith(window && 'worded' in window ? window.worded : '?')).toBe(true);
    expect(reasons).not.toMatch(/expected/);
  });

  it('is English, as before, with an English template or one saved without a language', async () => {
    const english = await reasonsWritten({ ...DEFAULT_EXPORT_TEMPLATE, columns, language: 'en' });
    const unsaid = await reasonsWritten({ ...DEFAULT_EXPORT_TEMPLATE, columns });
    expect(english).toBe(FLAGGED.reasons);
    expect(unsaid).toBe(FLAGGED.reasons);
    expect(english).toMatch(/above the expected 50 m³/);
  });

  it("is German in a German file whose template does not say: a German sheet's default", async () => {
    const german = dialectTemplate({
      encoding: 'windows-1252',
      delimiter: ';',
      decimalMark: ',',
      dateFormat: 'dd.mm.yyyy',
    });
    expect(german.language).toBeUndefined();
    const unsaid = await reasonsWritten({ ...german, encoding: 'utf-8-bom', columns });
    const said = await reasonsWritten({
      ...german,
      encoding: 'utf-8-bom',
      columns,
      language: 'de',
    });
    expect(unsaid).toBe(said);
    expect(unsaid).toMatch(/über dem erwarteten Verbrauch/);
    // Said otherwise, the template wins; a file with a decimal point stays English.
    const english = await reasonsWritten({
      ...german,
      encoding: 'utf-8-bom',
      columns,
      language: 'en',
    });
    expect(english).toBe(FLAGGED.reasons);
    const points = await reasonsWritten({
      ...german,
      encoding: 'utf-8-bom',
      columns,
      decimalMark: '.',
    });
    expect(points).toBe(FLAGGED.reasons);
  });

  it('a template names its language; another one is refused', () => {
    expect(validateExportTemplate({ ...DEFAULT_EXPORT_TEMPLATE, language: 'de' })).toMatchObject({
      ok: true,
      value: { language: 'de' },
    });
    expect(validateExportTemplate({ ...DEFAULT_EXPORT_TEMPLATE, language: 'fr' }).ok).toBe(false);
  });
});
