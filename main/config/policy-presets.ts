// The machine policy's presets for what lives outside settings.json (docs/deployment.md, "Machine
// policy"): the office (office.json) and the photo checks' limits (the queue's settings table). A
// preset is the first value a desk starts with; a locked one is applied at every start, whatever
// the desk saved. settings.json's own presets are in main/backend/policy-settings.ts.
import os from 'node:os';
import {
  OFFICE_SSL_MODES,
  officeSettings,
  type OfficeSettings,
} from '../../common/ipc/office-views';
import { PHOTO_CHECK_LIMITS, type PhotoCheckThresholds } from '../../common/photo-checks';
import { isLocked, type MachinePolicy } from './policy';
import { readThresholds, storedThresholds, writeThresholds } from '../photo-checks/thresholds';
import type { SettingsRepo } from '../store/settings-repo';

export interface DeskNames {
  readonly user: string;
  readonly computer: string;
}

/** This computer's user and host name, as desks are named after them. */
export function thisDesk(): DeskNames {
  let user = process.env.USER ?? process.env.USERNAME ?? 'user';
  try {
    user = os.userInfo().username;
  } catch {
    // A user without a passwd entry (some containers): the environment's name.
  }
  return { user, computer: os.hostname() };
}

/** The policy's desk naming with `{user}` and `{computer}` filled in. */
export function deskNameOf(pattern: string, names: DeskNames): string {
  return pattern.replaceAll('{user}', names.user).replaceAll('{computer}', names.computer).trim();
}

/**
 * Office settings from the policy's office address (postgres://user@host:port/database?sslmode=),
 * or null when it does not describe one. Its password, if IT put one there, is not taken: each
 * desk keeps its own in the keychain.
 */
export function officeFromUrl(text: string, desk: string): OfficeSettings | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') return null;
  const mode = url.searchParams.get('sslmode') ?? 'verify-full';
  const sslmode = OFFICE_SSL_MODES.find((m) => m === mode);
  if (sslmode === undefined) return null;
  const ca = url.searchParams.get('sslrootcert');
  const parsed = officeSettings.safeParse({
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? 5432 : Number(url.port),
    database: decodeURIComponent(url.pathname.replace(/^\//, '')),
    user: decodeURIComponent(url.username),
    desk,
    sslmode,
    ...(ca !== null && ca !== 'system' && sslmode === 'verify-full' && { caFile: ca }),
  });
  return parsed.success ? parsed.data : null;
}

/**
 * The office the desk uses: the saved one, with the policy's office and desk naming where the
 * desk saved none, or always when the policy locks the office.
 */
export function officeWithPolicy(
  saved: OfficeSettings | null,
  policy: MachinePolicy,
  names: DeskNames = thisDesk(),
): OfficeSettings | null {
  const { officeUrl, officeDeskName } = policy.values;
  const locked = isLocked(policy, 'office');
  const desk =
    officeDeskName !== undefined && (locked || saved === null)
      ? deskNameOf(officeDeskName, names)
      : (saved?.desk ?? `${names.user}@${names.computer}`);
  if (officeUrl !== undefined && (locked || saved === null)) {
    return officeFromUrl(officeUrl, desk) ?? saved;
  }
  return saved === null ? null : { ...saved, desk };
}

/** The policy's photo-check limits, each within its bounds; others are left out. */
function policyThresholds(values: Record<string, unknown>): Partial<PhotoCheckThresholds> {
  const out: Partial<Record<keyof PhotoCheckThresholds, number>> = {};
  for (const name of Object.keys(PHOTO_CHECK_LIMITS) as (keyof PhotoCheckThresholds)[]) {
    const value = values[name];
    const { min, max } = PHOTO_CHECK_LIMITS[name];
    if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max) {
      out[name] = value;
    }
  }
  return out;
}

/**
 * Writes the policy's photo-check limits into a queue that has none yet, or always when the
 * policy locks them. Returns what it wrote, or null when nothing was.
 */
export function applyPhotoCheckPolicy(
  settings: SettingsRepo,
  policy: MachinePolicy,
): PhotoCheckThresholds | null {
  const values = policy.values.photoChecks;
  if (values === undefined) return null;
  if (!isLocked(policy, 'photoChecks') && storedThresholds(settings)) return null;
  const next = { ...readThresholds(settings), ...policyThresholds(values) };
  writeThresholds(settings, next);
  return next;
}
