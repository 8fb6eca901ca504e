// What the backend's state is opened with: where settings and the default queue live, the secret
// store and main's OS services, and the timings tests shorten.
import type { MachinePolicy } from '../config/policy';
import type { NetworkSettings } from '../api/network';
import type { EngineConfig } from '../engine/config';
import type { Clock } from '../time/clock';
import type { SandboxOptions } from '../../sandbox';
import type { MainServices } from './main-services';
import type { ChosenSecrets } from './secret-choice';

export interface BackendStateOptions {
  /** Per-user folder for settings.json and the default queue (main/config/paths.ts). */
  readonly userDataDir: string;
  readonly secrets: ChosenSecrets;
  /** The OS services main provides (notifications, the taskbar, the file manager). */
  readonly main: MainServices;
  /** Tests pass faster timings; the app uses the engine's defaults. */
  readonly engineConfig?: Partial<EngineConfig>;
  readonly sandbox?: SandboxOptions;
  readonly eventIntervalMs?: number;
  /** Tests pass shorter quiet periods; the app uses the watcher's defaults. */
  readonly watch?: WatchTimings;
  readonly log: (line: string) => void;
  /** The machine policy IT set (main/config/policy.ts). */
  readonly policy: MachinePolicy;
  /** Office mode's review times (a decision's, a lease's end); tests move a manual clock. */
  readonly reviewClock?: Clock;
  /** How the service is reached (Chromium's stack in the window, main/api/network.ts). */
  readonly network?: NetworkSettings;
}

export interface WatchTimings {
  readonly stableMs?: number;
  readonly checkEveryMs?: number;
}
