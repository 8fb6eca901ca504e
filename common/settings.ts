// The desktop app's settings and their defaults, written once: the backend stores them
// (main/backend/settings.ts), the engine starts from them and the window shows them before the
// backend has answered.
import type { BatchMode } from './job';

export interface AppSettings {
  /** The remote service's address; kept while the sandbox is tried. */
  readonly baseUrl: string | null;
  /** The built-in sandbox is in use instead of baseUrl. */
  readonly useSandbox: boolean;
  /** `business` sent with batches; null: the service's default. */
  readonly business: string | null;
  readonly batchMode: BatchMode;
  readonly maxConcurrency: number;
  /** The folder chosen for the queue file; null: the per-user default. */
  readonly dataDir: string | null;
  /** Folders whose new photos are added to the queue as they arrive. */
  readonly watchFolders: readonly string[];
  /** The window's language: the operating system's (when MeterDesk speaks it) or a chosen one. */
  readonly language: LanguageChoice;
}

export const LANGUAGE_CHOICES = ['system', 'en', 'de'] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

/** Tasks in flight at once unless the key's limit (learned from the service) is lower. */
export const DEFAULT_MAX_CONCURRENCY = 32;

export const DEFAULT_SETTINGS: AppSettings = {
  baseUrl: null,
  useSandbox: false,
  business: null,
  batchMode: 'auto',
  maxConcurrency: DEFAULT_MAX_CONCURRENCY,
  dataDir: null,
  watchFolders: [],
  language: 'system',
};

/** A service (business) code as the spec's examples spell them, e.g. water_v3_foreign. */
export const BUSINESS_CODE = /^[A-Za-z0-9_.:-]+$/;
