// The bands and thresholds of the plausibility rules, as one object an office can change and save.
// Defaults: the high/low bands SAP publishes for meter-reading validation, by expected consumption.
import { z } from 'zod';
import { checkWithSchema, parseSettingsJson, type Checked } from './strict-json';

export type PlausibilityLevel = 'ok' | 'warning' | 'error';
/** What a configurable check raises when it fails (never "ok": that would hide it). */
export type FlagLevel = Exclude<PlausibilityLevel, 'ok'>;

export interface PlausibilityBand {
  /** The band holds expected consumptions below this many units; null for the last, open band. */
  below: number | null;
  /** Flag above expected × (1 + highPercent / 100). */
  highPercent: number;
  /** Flag below expected × (1 − lowPercent / 100). */
  lowPercent: number;
}

export interface PlausibilityConfig {
  version: 1;
  /** Shown in sentences: "412 m³ since …". */
  unit: string;
  /** A reading this many units of the last digit below the previous one counts as no consumption. */
  negativeToleranceDigits: number;
  bands: PlausibilityBand[];
  /** Deviations from the expected consumption up to this many units are never flagged. */
  absoluteTolerance: number;
  dailyJump: {
    /** Flag when units per day exceed this multiple of the average daily use; null: off. */
    maxFactor: number | null;
    /** Flag when units per day exceed this, whatever the average; null: off. */
    maxUnitsPerDay: number | null;
  };
  levels: {
    high: FlagLevel;
    low: FlagLevel;
    zero: FlagLevel;
    dailyJump: FlagLevel;
    /** Fewer whole digits than the register (leading zeros left out). */
    tooFewDigits: FlagLevel;
  };
}

export const DEFAULT_PLAUSIBILITY_CONFIG: PlausibilityConfig = {
  version: 1,
  unit: 'm³',
  negativeToleranceDigits: 2,
  bands: [
    { below: 100, highPercent: 70, lowPercent: 40 },
    { below: 1000, highPercent: 60, lowPercent: 30 },
    { below: null, highPercent: 50, lowPercent: 20 },
  ],
  absoluteTolerance: 0,
  dailyJump: { maxFactor: 5, maxUnitsPerDay: null },
  levels: {
    high: 'warning',
    low: 'warning',
    zero: 'warning',
    dailyJump: 'error',
    tooFewDigits: 'warning',
  },
};

const MAX_CONFIG_CHARS = 16 * 1024;
const level = z.enum(['warning', 'error']);
const positive = z.number().positive().max(1e9);

const configSchema = z.strictObject({
  version: z.literal(1),
  unit: z.string().min(1).max(16),
  negativeToleranceDigits: z.int().min(0).max(1000),
  bands: z
    .array(
      z.strictObject({
        below: positive.nullable(),
        highPercent: z.number().min(0).max(10_000),
        lowPercent: z.number().min(0).max(100),
      }),
    )
    .min(1)
    .max(20),
  absoluteTolerance: z.number().min(0).max(1e9),
  dailyJump: z.strictObject({
    maxFactor: positive.nullable(),
    maxUnitsPerDay: positive.nullable(),
  }),
  levels: z.strictObject({
    high: level,
    low: level,
    zero: level,
    dailyJump: level,
    tooFewDigits: level,
  }),
});

/** A configuration from a value of unknown origin (IPC, a settings file). */
export function validatePlausibilityConfig(value: unknown): Checked<PlausibilityConfig> {
  const checked = checkWithSchema(configSchema, value, 'plausibility settings');
  if (!checked.ok) return checked;
  const { bands } = checked.value;
  const errors: string[] = [];
  bands.forEach((band, i) => {
    const last = i === bands.length - 1;
    if (last !== (band.below === null)) {
      errors.push(
        last
          ? `"bands[${i + 1}].below" must be null: the last band holds every larger consumption.`
          : `"bands[${i + 1}].below" must be a number: only the last band is open.`,
      );
    }
    const previous = bands[i - 1]?.below;
    if (band.below !== null && previous != null && band.below <= previous) {
      errors.push(`"bands[${i + 1}].below" must be larger than the band before it (${previous}).`);
    }
  });
  return errors.length > 0 ? { ok: false, errors } : checked;
}

export function parsePlausibilityConfigJson(text: string): Checked<PlausibilityConfig> {
  const parsed = parseSettingsJson(text, 'plausibility settings file', MAX_CONFIG_CHARS);
  return parsed.ok ? validatePlausibilityConfig(parsed.value) : parsed;
}

/** The band an expected consumption falls in. */
export function bandFor(config: PlausibilityConfig, expected: number): PlausibilityBand {
  const band = config.bands.find((b) => b.below === null || expected < b.below);
  // The validator guarantees an open last band; the fallback keeps the type honest.
  return band ?? { below: null, highPercent: 0, lowPercent: 0 };
}
