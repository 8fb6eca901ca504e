// The machine policy over the desktop's settings (main/config/policy.ts): a preset is the value a
// setting starts with, a locked one the value it keeps whatever settings.json says, and a change
// of a locked setting is refused with the code locked_by_policy, naming where the policy is.
import { replyMessage } from '../../common/reply-messages';
import { isLocked, type MachinePolicy, type PolicyLockable } from '../config/policy';
import { AppError } from '../ipc/app-error';
import type { AppSettings } from './settings';

export function withPolicy(settings: AppSettings, policy: MachinePolicy): AppSettings {
  const { serviceUrl, dataDir, hideSandbox } = policy.values;
  let next = settings;
  if (serviceUrl !== undefined && (isLocked(policy, 'serviceUrl') || next.baseUrl === null)) {
    next = { ...next, baseUrl: serviceUrl };
  }
  if (isLocked(policy, 'serviceUrl') || hideSandbox === true) {
    // A locked service is the one in use; a hidden sandbox is never the one in use.
    if (next.useSandbox && (next.baseUrl !== null || hideSandbox === true)) {
      next = { ...next, useSandbox: false };
    }
  }
  if (dataDir !== undefined && (isLocked(policy, 'dataDir') || next.dataDir === null)) {
    next = { ...next, dataDir };
  }
  return next;
}

function refusal(policy: MachinePolicy): AppError {
  return new AppError(
    'locked_by_policy',
    replyMessage('lockedByPolicy', { source: policy.source ?? 'machine policy' }),
  );
}

/** Throws locked_by_policy when `wanted` would change a setting the policy locks. */
export function refuseLockedChange(
  policy: MachinePolicy,
  what: PolicyLockable,
  current: string | null,
  wanted: string | null | undefined,
): void {
  if (wanted === undefined || wanted === current) return;
  if (isLocked(policy, what)) throw refusal(policy);
}

/** The sandbox, when the policy hides it or fixes the service. */
export function refuseSandbox(policy: MachinePolicy): void {
  if (policy.values.hideSandbox === true || isLocked(policy, 'serviceUrl')) throw refusal(policy);
}

/** Throws locked_by_policy for any change of a setting the policy locks as a whole. */
export function refuseIfLocked(policy: MachinePolicy, what: PolicyLockable): void {
  if (isLocked(policy, what)) throw refusal(policy);
}
