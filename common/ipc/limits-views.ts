// Settings' plausibility limits (issue 33, item 6) and the inspection list's window view (item 5):
// what the backend answers and the one request the window sends (a profile, chosen by name).
import { z } from 'zod';
import type { InspectionCode } from '../billing/history-inspection';
import type { ExpectationBasis } from '../billing/history-types';
import type { PlausibilityConfig } from '../billing/plausibility-config';
import {
  PLAUSIBILITY_PROFILES,
  type PlausibilityProfile,
  type ProfileOf,
} from '../billing/plausibility-profiles';

/** How many recent readings the histogram shows: enough to see an office's spread. */
export const MAX_LIMIT_READINGS = 2000;

export const plausibilityProfileRequest = z.strictObject({
  profile: z.enum(PLAUSIBILITY_PROFILES),
});

/** One reading's band under one profile, as multiples of its expectation, and its verdict. */
export interface LimitEdges {
  readonly low: number;
  readonly high: number;
  readonly verdict: 'high' | 'low' | 'within';
}

/** A recent reading: its consumption over the expectation, and its band under each profile. */
export interface LimitReading {
  readonly ratio: number;
  readonly basis: ExpectationBasis;
  /** Both profiles always; `custom` too while the queue keeps a configuration of its own. */
  readonly edges: Readonly<Partial<Record<ProfileOf, LimitEdges>>> &
    Readonly<Record<PlausibilityProfile, LimitEdges>>;
}

export interface PlausibilityLimitsView {
  /** The profile the checks use now. */
  readonly profile: ProfileOf;
  /** The configuration the checks use now (the profile's, or the office's own). */
  readonly config: PlausibilityConfig;
  /** How many σ a band with a history's expectation spans (HISTORY_Z). */
  readonly historyZ: number;
  /** The newest reading of each meter with one, newest first, at most MAX_LIMIT_READINGS. */
  readonly readings: readonly LimitReading[];
}

export interface InspectionViewRow {
  readonly rank: number;
  readonly meterId: string;
  readonly route: string | null;
  readonly address: string | null;
  readonly code: InspectionCode;
  readonly params: Readonly<Record<string, string | number>>;
}

export interface InspectionView {
  /** False while no history was imported: the list cannot say anything yet. */
  readonly withHistory: boolean;
  readonly rows: readonly InspectionViewRow[];
}
