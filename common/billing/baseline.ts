// Which earlier reading the next one is checked against. A flagged reading (warning or error) is
// never a baseline until a person confirmed it: otherwise one misread digit would make the next,
// correct reading look wrong, and the misread would be billed twice over.
import { parseIsoStamp } from './calendar';
import type { Baseline, CheckLevel } from './plausibility-types';

export interface HistoryReading {
  /** Null for a skipped read (no access, …). */
  reading: string | null;
  readAt: string | null;
  /** The plausibility outcome; null for readings the billing system supplied (already billed). */
  level: CheckLevel | null;
  /** A person accepted, corrected or typed the reading after it was checked. */
  confirmedByPerson: boolean;
}

export interface BaselineChoice {
  baseline: Baseline | null;
  /** Newer readings not used, with why, newest first, so the window can explain the choice. */
  passedOver: { readAt: string | null; reading: string | null; reason: string }[];
}

/**
 * The newest usable reading in `history` (any order), considering only readings dated before
 * `before` when it is given. Undated readings count as the oldest.
 */
export function pickBaseline(history: readonly HistoryReading[], before?: string): BaselineChoice {
  const limit = before === undefined ? null : (parseIsoStamp(before)?.ms ?? null);
  const dated = history
    .map((entry) => ({
      entry,
      ms: entry.readAt === null ? null : (parseIsoStamp(entry.readAt)?.ms ?? null),
    }))
    .filter(({ ms }) => limit === null || ms === null || ms < limit)
    .sort((a, b) => (b.ms ?? -Infinity) - (a.ms ?? -Infinity));
  const passedOver: BaselineChoice['passedOver'] = [];
  for (const { entry } of dated) {
    const reason = unusable(entry);
    if (reason === null && entry.reading !== null) {
      return { baseline: { reading: entry.reading, readAt: entry.readAt }, passedOver };
    }
    passedOver.push({
      readAt: entry.readAt,
      reading: entry.reading,
      reason: reason ?? 'no reading',
    });
  }
  return { baseline: null, passedOver };
}

function unusable(entry: HistoryReading): string | null {
  if (entry.reading === null) return 'no reading (skipped)';
  if (entry.level === null || entry.level === 'ok' || entry.confirmedByPerson) return null;
  return `flagged (${entry.level}) and not yet confirmed by a person`;
}
