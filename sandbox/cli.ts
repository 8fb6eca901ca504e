// Standalone sandbox: `tsx sandbox/cli.ts --port 8787` prints the URL and the key and serves until
// Ctrl-C. `tsx sandbox/cli.ts samples <dir> [flags]` hands over to the sample generator's CLI in
// sandbox/samples (npm run samples).

import { parseArgs } from 'node:util';
import { createSandbox } from './index';
import type { SandboxOptions } from './options';
import { DEPLOYMENT_PROFILES, isDeploymentProfile, PROFILE_NAMES } from './profiles';
import type { DeploymentProfile } from './profiles';

const USAGE = `Usage:
  tsx sandbox/cli.ts [--profile NAME] [--port N] [--host H] [--seed N] [--latency MS] [--jitter MS]
                     [--failure-rate P] [--offline] [--cad] [--foreign] [--window MS] [--key K]
  tsx sandbox/cli.ts samples <dir> [flags of sandbox/samples/cli.ts]
Flags given win over the profile's settings. Profiles (--help describes them):
  ${PROFILE_NAMES.join(', ')}
`;

const PROFILE_HELP = `Profiles:
${PROFILE_NAMES.map((n) => `  ${n.padEnd(22)}${DEPLOYMENT_PROFILES[n].description}`).join('\n')}
`;

function profileOption(value: string | undefined): DeploymentProfile | undefined {
  if (value === undefined) return undefined;
  if (!isDeploymentProfile(value)) {
    throw new Error(
      `--profile: unknown profile "${value}"; the profiles are: ${PROFILE_NAMES.join(', ')}`,
    );
  }
  return value;
}

function intOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`--${name} takes a number`);
  return n;
}

async function serve(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      profile: { type: 'string' },
      port: { type: 'string', default: '8787' },
      host: { type: 'string' },
      seed: { type: 'string' },
      latency: { type: 'string' },
      jitter: { type: 'string' },
      'failure-rate': { type: 'string' },
      window: { type: 'string' },
      key: { type: 'string' },
      offline: { type: 'boolean', default: false },
      cad: { type: 'boolean', default: false },
      foreign: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE + PROFILE_HELP);
    return 0;
  }
  // A flag that is not given leaves the profile's (or the default) setting alone.
  const options: SandboxOptions = {
    profile: profileOption(values.profile),
    port: intOption(values.port, 'port'),
    host: values.host,
    seed: intOption(values.seed, 'seed'),
    windowMs: intOption(values.window, 'window'),
    service: values.cad ? 'CAD' : undefined,
    foreignEnabled: values.foreign ? true : undefined,
    keys: values.key === undefined ? undefined : [{ key: values.key }],
    ai: {
      online: values.offline ? false : undefined,
      latencyMs: intOption(values.latency, 'latency'),
      jitterMs: intOption(values.jitter, 'jitter'),
      failureRate: intOption(values['failure-rate'], 'failure-rate'),
    },
  };
  const sandbox = await createSandbox(options);
  process.stdout.write(
    `MeterDesk sandbox listening on ${sandbox.url}\n` +
      (options.profile === undefined ? '' : `Profile: ${options.profile}\n`) +
      `API key: ${sandbox.apiKey}\n` +
      `Control: ${sandbox.url}/__sandbox/state (loopback only)\n` +
      'Press Ctrl-C to stop.\n',
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await sandbox.close();
  return 0;
}

/**
 * `samples ...` runs the generator's own CLI (sandbox/samples/cli.ts, maintained separately) with
 * the arguments after "samples"; it reads process.argv and sets the exit code itself.
 */
async function samples(): Promise<null> {
  process.argv.splice(2, 1);
  // Resolved at run time so this file does not depend on the generator's internals.
  const specifier = './samples/cli';
  await import(specifier);
  return null;
}

async function main(argv: string[]): Promise<number | null> {
  if (argv[0] === 'samples') return samples();
  return serve(argv);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== null) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    process.exitCode = 2;
  },
);
