// One contract test per deployment profile: what the profile promises, over real HTTP.
// profiles.test.ts joins the case tables into a Record over every profile name, so a profile
// without a case does not compile.

import type { DeploymentProfile } from '../../../sandbox';

export interface ProfileCase {
  /** What the profile promises, as the test's name. */
  readonly promise: string;
  run(): Promise<void>;
}

export type ProfileCases = Partial<Record<DeploymentProfile, ProfileCase>>;
