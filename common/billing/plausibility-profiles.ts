// The two sets of plausibility limits an office chooses between in Settings (issue 33, item 6),
// one click apart: MeterDesk's own (the meter's band from its spread, its history's expectation,
// the misread signature) and SAP's fixed bands (+70/−40 %, +60/−30 %, +50/−20 % by expected
// consumption, around the same expectation). A stored configuration that is neither (an office's
// own settings file) is "custom": shown as it is, never silently replaced.
import {
  DEFAULT_PLAUSIBILITY_CONFIG,
  FIXED_BANDS_CONFIG,
  type PlausibilityConfig,
} from './plausibility-config';

export const PLAUSIBILITY_PROFILES = ['history', 'sap_bands'] as const;
export type PlausibilityProfile = (typeof PLAUSIBILITY_PROFILES)[number];
/** The stored configuration's profile; custom when it matches neither. */
export type ProfileOf = PlausibilityProfile | 'custom';

export const PROFILE_CONFIGS: Readonly<Record<PlausibilityProfile, PlausibilityConfig>> = {
  history: DEFAULT_PLAUSIBILITY_CONFIG,
  // SAP's bands judge the consumption alone: no band of the meter's own, no misread signature.
  sap_bands: FIXED_BANDS_CONFIG,
};

/** The same configuration whatever its key order, with absent optional keys as their defaults. */
function canonical(config: PlausibilityConfig): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return Object.fromEntries(entries.map(([k, v]) => [k, sorted(v)]));
    }
    return value;
  };
  return JSON.stringify(
    sorted({
      ...config,
      spread: config.spread ?? null,
      misreadSignature: config.misreadSignature ?? false,
    }),
  );
}

export function profileOf(config: PlausibilityConfig): ProfileOf {
  const text = canonical(config);
  return PLAUSIBILITY_PROFILES.find((p) => canonical(PROFILE_CONFIGS[p]) === text) ?? 'custom';
}
