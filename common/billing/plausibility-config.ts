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

export interface PlausibilitySpread {
  /** Natural month-to-month variation of daily use (log scale) for a meter without history. */
  sigma: number;
  /** How many σ away from the expected consumption a reading is flagged. */
  z: number;
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
  /**
   * High/low by the meter's own variation instead of the fixed bands: consumption/expected is
   * flagged beyond e^(±z·σ), σ the spread of its earlier periods' daily use (or `sigma` without
   * them). Absent or null: the bands above (as before).
   */
  spread?: PlausibilitySpread | null;
  /** Flag a reading that differs from the expected one in exactly one digit or by a power of ten. */
  misreadSignature?: boolean;
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
  spread: { sigma: 0.35, z: 2.7 },
  misreadSignature: true,
  dailyJump: { maxFactor: 5, maxUnitsPerDay: null },
  levels: {
    high: 'warning',
    low: 'warning',
    zero: 'warning',
    dailyJump: 'error',
    tooFewDigits: 'warning',
  },
};

/**
 * The published fixed bands alone, without the meter's own band and the misread signature: the
 * rules as they were before issue 22 (the plausibility benchmark's "before").
 */
export const FIXED_BANDS_CONFIG: PlausibilityConfig = {
  ...DEFAULT_PLAUSIBILITY_CONFIG,
  spread: null,
  misreadSignature: false,
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
  spread: z
    .strictObject({ sigma: z.number().positive().max(5), z: z.number().positive().max(10) })
    .nullable()
    .optional(),
  misreadSignature: z.boolean().optional(),
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
