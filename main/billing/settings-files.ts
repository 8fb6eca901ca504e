// Column mappings, export templates and plausibility settings as files the clerk saves, imports
// and shares. Reading checks the size before reading, then hands the text to the pure validators
// in common/billing; writing goes through the atomic writer, so a crash never leaves half a file.
import { readFile, stat } from 'node:fs/promises';
import { parseColumnMappingJson, type ColumnMapping } from '../../common/billing/column-mapping';
import {
  exportTemplateJson,
  parseExportTemplateJson,
  type ExportTemplate,
} from '../../common/billing/export-template';
import {
  parsePlausibilityConfigJson,
  type PlausibilityConfig,
} from '../../common/billing/plausibility-config';
import type { Checked } from '../../common/billing/strict-json';
import { openExportFile } from '../export/csv';

/** Far above any real settings file; the validators apply their own, smaller limits. */
const MAX_SETTINGS_FILE_BYTES = 1024 * 1024;

async function readSettingsFile<T>(
  filePath: string,
  parse: (text: string) => Checked<T>,
): Promise<Checked<T>> {
  try {
    const info = await stat(filePath);
    if (!info.isFile()) return { ok: false, errors: [`"${filePath}" is not a file.`] };
    if (info.size > MAX_SETTINGS_FILE_BYTES) {
      return {
        ok: false,
        errors: [
          `"${filePath}" is ${(info.size / 2 ** 20).toFixed(1)} MB; settings files are at most 1 MB.`,
        ],
      };
    }
    // Fatal decoding: a file saved as ANSI (Windows-1252) would otherwise load with "Z\uFFFDhler"
    // for "Zähler", and the export would carry the broken name.
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(filePath));
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      return {
        ok: false,
        errors: [
          `"${filePath}" is not UTF-8 text (saved as ANSI or Windows-1252?). Save it again as UTF-8.`,
        ],
      };
    }
    return parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, errors: [`"${filePath}" cannot be read: ${detail}`] };
  }
}

async function writeSettingsFile(filePath: string, text: string): Promise<void> {
  const file = await openExportFile(filePath);
  await file.write(text);
  await file.commit();
}

export function readExportTemplateFile(filePath: string): Promise<Checked<ExportTemplate>> {
  return readSettingsFile(filePath, parseExportTemplateJson);
}

export function writeExportTemplateFile(filePath: string, template: ExportTemplate): Promise<void> {
  return writeSettingsFile(filePath, exportTemplateJson(template));
}

export function readColumnMappingFile(filePath: string): Promise<Checked<ColumnMapping>> {
  return readSettingsFile(filePath, parseColumnMappingJson);
}

export function writeColumnMappingFile(filePath: string, mapping: ColumnMapping): Promise<void> {
  return writeSettingsFile(filePath, `${JSON.stringify(mapping, null, 2)}\n`);
}

export function readPlausibilityConfigFile(filePath: string): Promise<Checked<PlausibilityConfig>> {
  return readSettingsFile(filePath, parsePlausibilityConfigJson);
}

export function writePlausibilityConfigFile(
  filePath: string,
  config: PlausibilityConfig,
): Promise<void> {
  return writeSettingsFile(filePath, `${JSON.stringify(config, null, 2)}\n`);
}
