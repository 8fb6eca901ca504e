// The desktop app's own settings, in settings.json in the per-user folder (main/config/paths.ts).
// They cannot live in the queue file: one of them says where the queue file is. Never a key here.
import { z } from 'zod';
import { DEFAULT_SETTINGS, LANGUAGE_CHOICES, type AppSettings } from '../../common/settings';
import type { SettingsView } from '../../common/ipc/views';
import { MAX_BUSINESS_CHARS, MAX_CONCURRENCY, MAX_WATCH_FOLDERS } from '../../common/ipc/limits';
import { readJsonFile, writeJsonFile } from '../config/json-file';
import { NO_POLICY_VIEW, type PolicyView } from '../../common/policy';

// Each field on its own: a hand-edited file with one bad value keeps the others.
const FIELDS = {
  baseUrl: z.string().max(2048).nullable(),
  useSandbox: z.boolean(),
  business: z.string().max(MAX_BUSINESS_CHARS).nullable(),
  batchMode: z.enum(['auto', 'always', 'never']),
  maxConcurrency: z.int().min(1).max(MAX_CONCURRENCY),
  dataDir: z.string().max(4096).nullable(),
  watchFolders: z.array(z.string().min(1).max(4096)).max(MAX_WATCH_FOLDERS),
  language: z.enum(LANGUAGE_CHOICES),
} satisfies { [K in keyof AppSettings]: z.ZodType<AppSettings[K]> };

export { settingsFile } from '../config/paths';
export { DEFAULT_SETTINGS, type AppSettings };

export function loadSettings(file: string): AppSettings {
  const raw = readJsonFile(file);
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const pick = <K extends keyof AppSettings>(key: K): AppSettings[K] => {
    const parsed = FIELDS[key].safeParse(source[key]);
    return parsed.success ? (parsed.data as AppSettings[K]) : DEFAULT_SETTINGS[key];
  };
  return {
    baseUrl: pick('baseUrl'),
    useSandbox: pick('useSandbox'),
    business: pick('business'),
    batchMode: pick('batchMode'),
    maxConcurrency: pick('maxConcurrency'),
    dataDir: pick('dataDir'),
    watchFolders: pick('watchFolders'),
    language: pick('language'),
  };
}

export function saveSettings(file: string, settings: AppSettings): void {
  writeJsonFile(file, settings);
}

export function toSettingsView(
  settings: AppSettings,
  defaultDataDir: string,
  policy: PolicyView = NO_POLICY_VIEW,
  dataDirOnShare = false,
): SettingsView {
  return {
    ...settings,
    effectiveDataDir: settings.dataDir ?? defaultDataDir,
    policy,
    dataDirOnShare,
  };
}
