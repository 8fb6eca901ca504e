import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_TEMPLATE } from '../../common/billing/export-template';
import { DEFAULT_PLAUSIBILITY_CONFIG } from '../../common/billing/plausibility-config';
import {
  readColumnMappingFile,
  readExportTemplateFile,
  readPlausibilityConfigFile,
  writeColumnMappingFile,
  writeExportTemplateFile,
  writePlausibilityConfigFile,
} from '../../main/billing/settings-files';
import { useTempDirPerTest } from '../helpers/temp-dir-per-test';

const tmp = useTempDirPerTest('meterdesk-settings-');

describe('settings files', () => {
  it('save and load a template, a column mapping and plausibility settings', async () => {
    const template = { ...DEFAULT_EXPORT_TEMPLATE, name: 'SAP (DE)', delimiter: '\t' as const };
    await writeExportTemplateFile(path.join(tmp.dir, 't.json'), template);
    expect(await readExportTemplateFile(path.join(tmp.dir, 't.json'))).toEqual({
      ok: true,
      value: template,
    });
    expect(readFileSync(path.join(tmp.dir, 't.json'), 'utf8')).toContain('"delimiter": "\\t"');

    const mapping = {
      version: 1 as const,
      fields: { meterId: 'Zähler' },
      dateOrder: 'month_first' as const,
    };
    await writeColumnMappingFile(path.join(tmp.dir, 'm.json'), mapping);
    expect(await readColumnMappingFile(path.join(tmp.dir, 'm.json'))).toEqual({
      ok: true,
      value: mapping,
    });

    await writePlausibilityConfigFile(path.join(tmp.dir, 'p.json'), DEFAULT_PLAUSIBILITY_CONFIG);
    expect(await readPlausibilityConfigFile(path.join(tmp.dir, 'p.json'))).toEqual({
      ok: true,
      value: DEFAULT_PLAUSIBILITY_CONFIG,
    });
    expect(readdirSync(tmp.dir).sort()).toEqual(['m.json', 'p.json', 't.json']);
  });

  it('refuse a missing file, a folder, an oversized file and a hostile one with clear errors', async () => {
    const missing = await readExportTemplateFile(path.join(tmp.dir, 'nope.json'));
    expect(missing).toEqual({
      ok: false,
      errors: [expect.stringContaining('cannot be read') as unknown],
    });
    expect(await readColumnMappingFile(tmp.dir)).toEqual({
      ok: false,
      errors: [`"${tmp.dir}" is not a file.`],
    });
    writeFileSync(path.join(tmp.dir, 'big.json'), ' '.repeat(2 * 1024 * 1024));
    expect(await readExportTemplateFile(path.join(tmp.dir, 'big.json'))).toEqual({
      ok: false,
      errors: [`"${path.join(tmp.dir, 'big.json')}" is 2.0 MB; settings files are at most 1 MB.`],
    });
    writeFileSync(
      path.join(tmp.dir, 'evil.json'),
      '{"version":1,"__proto__":{"isAdmin":true},"fields":{"meterId":"a"}}',
    );
    expect(await readColumnMappingFile(path.join(tmp.dir, 'evil.json'))).toEqual({
      ok: false,
      errors: ['The column mapping file uses the key "__proto__", which is not allowed.'],
    });
  });

  it('reads a template saved with a UTF-8 BOM (as Windows Notepad writes it)', async () => {
    writeFileSync(
      path.join(tmp.dir, 'bom.json'),
      `\uFEFF${JSON.stringify({ version: 1, name: 'x', columns: [{ field: 'meter_id', header: 'Zähler' }] })}`,
    );
    expect((await readExportTemplateFile(path.join(tmp.dir, 'bom.json'))).ok).toBe(true);
  });
});
