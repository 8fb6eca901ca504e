import { createSandbox, type Sandbox } from '../../sandbox';
import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { isOnNetworkShare } from '../watch/file-system-type';
import { BaseUrlError, parseBaseUrl } from '../api/http';
import { CaFileError, networkFromEnv, readCaFile, type NetworkSettings } from '../api/network';
import { defaultDbFile } from '../config/paths';
import { isLocked, readMachinePolicy, type MachinePolicy } from '../config/policy';
import { KeychainSecretStore, KeychainUnavailableError } from '../secrets/keychain';
import { UsageError } from './exit-codes';
import type { CliIo } from './output';

export interface ServiceChoice {
  baseUrl: string;
  apiKey: string;
  /** Set when the built-in sandbox was started because nothing else was configured. */
  sandbox: Sandbox | null;
  /** The queue file for this service. */
  dbFile: string;
  /** The proxy and CAs from the command's environment (HTTPS_PROXY, METER_DESK_CA_FILE, ...). */
  network?: NetworkSettings;
  /** The machine policy the command read (its photo-check limits apply to the queue). */
  policy?: MachinePolicy;
}

/**
 * The command's proxy and CAs. A CA file that cannot be used stops the command here, naming the
 * file, rather than as a certificate error on every request later.
 */
export function networkFor(io: CliIo, policy: MachinePolicy = NO_POLICY_HERE): NetworkSettings {
  const network = networkFromEnv(io.env, policy.values.caFile);
  if (network.caFile !== undefined) {
    try {
      readCaFile(network.caFile);
    } catch (err) {
      if (err instanceof CaFileError) throw new UsageError(err.message);
      throw err;
    }
  }
  return network;
}

const NO_POLICY_HERE: MachinePolicy = { values: {}, source: null, problem: null };

/**
 * The service: --base-url, else METER_DESK_BASE_URL, else the machine policy's. A policy that
 * locks it refuses another one (docs/deployment.md, "Machine policy").
 */
export function baseUrlFrom(
  flag: string | undefined,
  io: CliIo,
  policy: MachinePolicy = NO_POLICY_HERE,
): string | undefined {
  const preset = policy.values.serviceUrl;
  const asked = flag ?? (io.env.METER_DESK_BASE_URL || undefined);
  if (
    preset !== undefined &&
    isLocked(policy, 'serviceUrl') &&
    asked !== undefined &&
    asked !== preset
  ) {
    throw new UsageError(
      `The service address is fixed by this computer's policy (${policy.source ?? 'machine policy'}): ${preset}.`,
    );
  }
  return asked ?? preset;
}

/**
 * Which service to talk to, with which key. With no base URL configured, commands that can
 * (run, demo) start the built-in sandbox, with a queue file of its own so simulated readings
 * never mix with real ones.
 */
export async function resolveService(
  flags: { baseUrl?: string | undefined; db?: string | undefined },
  io: CliIo,
  opts: { sandboxByDefault: boolean },
): Promise<ServiceChoice> {
  const policy = readMachinePolicy(io.env);
  if (policy.problem !== null) io.err(`${policy.problem}\n`);
  const baseUrl = baseUrlFrom(flags.baseUrl, io, policy);
  if (!baseUrl) {
    if (!opts.sandboxByDefault || policy.values.hideSandbox === true) {
      throw new UsageError(
        'No service configured: pass --base-url URL or set METER_DESK_BASE_URL.',
      );
    }
    io.err(
      'No service configured: using the built-in sandbox (simulated readings, nothing leaves this machine).\n',
    );
    const sandbox = await createSandbox();
    return {
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      sandbox,
      dbFile: flags.db ?? defaultDbFile(io.env, true),
      // The built-in sandbox is this process: never through the office's proxy.
      network: {},
      policy,
    };
  }
  try {
    parseBaseUrl(baseUrl);
  } catch (err) {
    if (err instanceof BaseUrlError) throw new UsageError(err.message);
    throw err;
  }
  const dbFile = flags.db ?? defaultDbFile(io.env);
  warnOnShare(dbFile, io);
  return {
    baseUrl,
    apiKey: await apiKeyFor(baseUrl, io),
    sandbox: null,
    dbFile,
    network: networkFor(io, policy),
    policy,
  };
}

/** A queue on a network share can be damaged (SQLite's WAL); said before the run, not refused. */
function warnOnShare(dbFile: string, io: CliIo): void {
  let onShare = false;
  try {
    onShare = isOnNetworkShare(realpathSync(dirname(dbFile)));
  } catch {
    // The folder is made later; a new folder is where the person chose.
  }
  if (onShare) {
    io.err(
      `Warning: the queue ${dbFile} is on a network share, where it can be damaged; use a folder on this computer (--db).\n`,
    );
  }
}

/**
 * A keychain that cannot be used (no module installed, none running) becomes a usage error naming
 * the way round it the command line has and the desktop app does not; other errors pass through.
 */
export function withoutKeychain(err: unknown): unknown {
  if (!(err instanceof KeychainUnavailableError)) return err;
  return new UsageError(
    `${err.message} Without a keychain, give the key to each command in the METER_DESK_API_KEY environment variable instead.`,
  );
}

/** The key from METER_DESK_API_KEY, else from the OS keychain entry `meter-desk login` wrote. */
export async function apiKeyFor(baseUrl: string, io: CliIo): Promise<string> {
  const fromEnv = io.env.METER_DESK_API_KEY?.trim();
  if (fromEnv) return fromEnv;
  try {
    const stored = await new KeychainSecretStore().get(baseUrl);
    if (stored) return stored;
  } catch (err) {
    throw withoutKeychain(err);
  }
  throw new UsageError(
    `No API key for ${baseUrl}. Run "meter-desk login --base-url ${baseUrl}" (it reads the key from standard input) or set METER_DESK_API_KEY.`,
  );
}
