// What the main process and the backend's utility process say to each other over their port.
import { z } from 'zod';
import type { ChannelName } from '../../common/ipc/channels';
import type { AppEvent } from '../../common/ipc/app-event';
import type { Result } from '../../common/ipc/result';
import type { OsPort } from './os-port';
import type { PhotoFile } from '../desktop/photo-response';

/** Served by the backend process. */
export interface HostMethods {
  [method: string]: (...args: never[]) => unknown;
  invoke(channel: ChannelName, payload: unknown): Promise<Result<unknown>>;
  networkHint(): void;
  photoFile(jobId: number): Promise<PhotoFile | null>;
  close(): Promise<void>;
}

/** Served by the main process: the OsPort, plus what the backend reports. */
export interface MainMethods extends OsPort {
  [method: string]: (...args: never[]) => unknown;
  event(event: AppEvent): void;
  ready(): void;
  failed(message: string): void;
  log(line: string): void;
}

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
