// The machine policy IT sets (docs/deployment.md, "Machine policy"): values that preset settings
// and, when locked, cannot be changed by the person at the desk. Read from the place each system
// keeps machine policy: /etc/meterdesk/policy.json on Linux, the registry key
// HKLM\Software\Policies\MeterDesk on Windows, the managed preferences of com.meterdesk.desktop
// on macOS (a configuration profile). METER_DESK_POLICY_FILE names a JSON file instead (tests,
// or IT preferring a file on every system). A broken policy is said, never half applied.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { POLICY_LOCKABLE, type PolicyLockable, type PolicyView } from '../../common/policy';

export { POLICY_LOCKABLE, type PolicyLockable };

const url = z.string().min(1).max(2048);
const path = z.string().min(1).max(4096);

/** The keys, the same on every system (registry values and plist keys carry these names). */
export const policySchema = z.strictObject({
  serviceUrl: url.optional(),
  officeUrl: url.optional(),
  /** How desks are named in the office: a fixed name, or {computer} / {user} placeholders. */
  officeDeskName: z.string().min(1).max(200).optional(),
  dataDir: path.optional(),
  /** The photo checks' limits as the window's photo-check settings hold them (JSON). */
  photoChecks: z.record(z.string(), z.unknown()).optional(),
  updateFeedUrl: z.string().max(2048).optional(),
  /** "Try the built-in sandbox" is not offered. */
  hideSandbox: z.boolean().optional(),
  /** A PEM file of CAs trusted besides the system's (a TLS-inspecting proxy's, a private CA). */
  caFile: path.optional(),
  /** What the person cannot change; a preset that is not locked is only the first value. */
  locked: z.array(z.enum(POLICY_LOCKABLE)).optional(),
});
export type PolicyValues = z.infer<typeof policySchema>;

export interface MachinePolicy {
  readonly values: PolicyValues;
  /** Where it came from, for the window ("Set by your IT: /etc/meterdesk/policy.json"). */
  readonly source: string | null;
  /** Why the policy could not be read; the values are then empty. */
  readonly problem: string | null;
}

export const NO_POLICY: MachinePolicy = { values: {}, source: null, problem: null };

export const LINUX_POLICY_FILE = '/etc/meterdesk/policy.json';
export const WINDOWS_POLICY_KEY = 'HKLM\\Software\\Policies\\MeterDesk';
export const MAC_POLICY_FILE = '/Library/Managed Preferences/com.meterdesk.desktop.plist';

export function policyView(policy: MachinePolicy): PolicyView {
  return {
    locked: policy.values.locked ?? [],
    hideSandbox: policy.values.hideSandbox ?? false,
    source: policy.source,
    problem: policy.problem,
  };
}

export function isLocked(policy: MachinePolicy, what: PolicyLockable): boolean {
  return policy.values.locked?.includes(what) ?? false;
}

function parsed(raw: unknown, source: string): MachinePolicy {
  const result = policySchema.safeParse(raw);
  if (result.success) return { values: result.data, source, problem: null };
  const issue = result.error.issues[0];
  const where = issue?.path.join('.') ?? '';
  return {
    values: {},
    source,
    problem: `The machine policy ${source} is not valid (${where ? `${where}: ` : ''}${issue?.message ?? 'unknown'}); it is ignored.`,
  };
}

export function readPolicyFile(file: string): MachinePolicy {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') return NO_POLICY;
    return {
      values: {},
      source: file,
      problem: `The machine policy ${file} cannot be read (${code ?? 'error'}).`,
    };
  }
  try {
    return parsed(JSON.parse(text), file);
  } catch {
    return {
      values: {},
      source: file,
      problem: `The machine policy ${file} is not JSON; it is ignored.`,
    };
  }
}

/**
 * `reg query` output: one "    Name    REG_SZ    value" line per value. DWORDs are booleans
 * (hideSandbox); `locked` is a REG_MULTI_SZ (\0-separated in reg's output); photoChecks a JSON string.
 */
export function fromRegQuery(output: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const line of output.split(/\r?\n/)) {
    const match = /^\s+(\w+)\s+(REG_SZ|REG_EXPAND_SZ|REG_DWORD|REG_MULTI_SZ)\s+(.*)$/.exec(line);
    if (!match) continue;
    const [, name = '', type, value = ''] = match;
    if (type === 'REG_DWORD') values[name] = Number.parseInt(value, 16) !== 0;
    else if (type === 'REG_MULTI_SZ') values[name] = value.split('\\0').filter((v) => v !== '');
    else if (name === 'photoChecks') {
      try {
        values[name] = JSON.parse(value) as unknown;
      } catch {
        values[name] = value;
      }
    } else values[name] = value;
  }
  return values;
}

function readWindowsPolicy(): MachinePolicy {
  let output: string;
  try {
    output = execFileSync('reg', ['query', WINDOWS_POLICY_KEY], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch {
    return NO_POLICY; // The key does not exist: no policy.
  }
  return parsed(fromRegQuery(output), WINDOWS_POLICY_KEY);
}

function readMacPolicy(): MachinePolicy {
  let json: string;
  try {
    json = execFileSync('plutil', ['-convert', 'json', '-o', '-', MAC_POLICY_FILE], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch {
    return NO_POLICY; // No profile installed for MeterDesk.
  }
  // A profile carries its own keys (PayloadUUID, ...) beside ours: keep only ours.
  const raw = JSON.parse(json) as Record<string, unknown>;
  const known = Object.fromEntries(
    Object.entries(raw).filter(([key]) => Object.hasOwn(policySchema.shape, key)),
  );
  return parsed(known, MAC_POLICY_FILE);
}

/** This machine's policy, read once per process start. */
export function readMachinePolicy(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): MachinePolicy {
  const file = env.METER_DESK_POLICY_FILE;
  if (file !== undefined && file !== '') return readPolicyFile(file);
  if (platform === 'win32') return readWindowsPolicy();
  if (platform === 'darwin') return readMacPolicy();
  return readPolicyFile(LINUX_POLICY_FILE);
}
