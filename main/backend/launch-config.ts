// How main starts the backend process: its configuration as one command-line argument (JSON),
// read back by the process before it opens anything.
import { z } from 'zod';

/** How main configures the backend process (one command-line argument, JSON). */
export const hostConfigSchema = z.object({
  userDataDir: z.string().min(1),
  appVersion: z.string(),
  /** Tests file keys under their own keychain service; the app uses "MeterDesk". */
  keychainService: z.string().min(1).optional(),
  /** Test-only speed-ups; absent in the app. */
  engineConfig: z.record(z.string(), z.unknown()).optional(),
  sandbox: z.record(z.string(), z.unknown()).optional(),
  samples: z.record(z.string(), z.unknown()).optional(),
});
export type HostConfig = z.infer<typeof hostConfigSchema>;

export const HOST_CONFIG_FLAG = '--meterdesk-host=';

export function hostConfigArg(config: HostConfig): string {
  return `${HOST_CONFIG_FLAG}${JSON.stringify(config)}`;
}

export function readHostConfig(argv: readonly string[]): HostConfig {
  const arg = argv.find((a) => a.startsWith(HOST_CONFIG_FLAG));
  if (!arg) throw new Error('The backend process was started without its configuration.');
  return hostConfigSchema.parse(JSON.parse(arg.slice(HOST_CONFIG_FLAG.length)));
}
