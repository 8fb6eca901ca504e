// What the window is told of the machine policy IT set (main/config/policy.ts): which settings
// are fixed, by what, and whether the built-in sandbox is offered.

/** Settings a policy can lock: the service, the office (address and desk name), the data folder,
 * the photo checks' limits and the update feed. */
export const POLICY_LOCKABLE = [
  'serviceUrl',
  'office',
  'dataDir',
  'photoChecks',
  'updateFeed',
] as const;
export type PolicyLockable = (typeof POLICY_LOCKABLE)[number];

export interface PolicyView {
  readonly locked: readonly PolicyLockable[];
  readonly hideSandbox: boolean;
  /** The policy file or registry key, for "set by your IT (...)"; null without a policy. */
  readonly source: string | null;
  /** Why a policy that exists could not be used (it is then ignored as a whole). */
  readonly problem: string | null;
}

export const NO_POLICY_VIEW: PolicyView = {
  locked: [],
  hideSandbox: false,
  source: null,
  problem: null,
};
