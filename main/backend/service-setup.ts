// What the engine is started against, as the settings ask: the built-in sandbox (started on first
// use, with its sample folder) or the remote service with its key from the secret store, and what
// stood in the way when neither could be (the problem the window shows, ServiceView.problem).
import { existsSync } from 'node:fs';
import type { LogMessage } from '../../common/engine-messages';
import type { ServiceKind, ServiceView } from '../../common/ipc/views';
import type { EngineConfig } from '../engine/config';
import type { Sandbox, SandboxOptions } from '../../sandbox';
import type { BackendKeys } from './backend-keys';
import type { EngineTarget } from './engine-slot';
import { sampleFolderIn, startSandbox } from './sandbox-service';
import type { ChosenSecrets } from './secret-choice';
import * as problems from './start-problems';
import type { AppSettings } from './settings';

export interface ServiceSetupOptions {
  readonly keys: BackendKeys;
  readonly secrets: ChosenSecrets;
  /** Tests pass faster timings; the app uses the engine's defaults. */
  readonly engineConfig?: Partial<EngineConfig>;
  readonly sandbox?: SandboxOptions;
}

export class ServiceSetup {
  private sandboxValue: Sandbox | null = null;
  private sampleFolderValue: string | null = null;
  /** Why the engine is not running although a service is set up; null when nothing stands in the way. */
  problem: LogMessage | null = null;

  constructor(private readonly options: ServiceSetupOptions) {}

  get sandbox(): Sandbox | null {
    return this.sandboxValue;
  }

  view(mode: ServiceKind, settings: AppSettings): ServiceView {
    return {
      kind: mode,
      baseUrl: mode === 'sandbox' ? (this.sandboxValue?.url ?? null) : (settings.baseUrl ?? null),
      sampleFolder: mode === 'sandbox' ? this.sampleFolderValue : null,
      problem: this.problem,
    };
  }

  async closeSandbox(): Promise<void> {
    const sandbox = this.sandboxValue;
    this.sandboxValue = null;
    if (sandbox) await sandbox.close();
  }

  /** The service and key for the next engine; null (with the problem set) when there is none. */
  async target(
    mode: ServiceKind,
    settings: AppSettings,
    dataDir: string,
  ): Promise<EngineTarget | null> {
    const { keys } = this.options;
    const { business, batchMode, maxConcurrency, baseUrl } = settings;
    const config = {
      // The window checks photos before paying for them (tests may turn it off).
      photoChecks: true,
      ...this.options.engineConfig,
      business,
      batchMode,
      maxConcurrency,
    };
    if (mode === 'sandbox') {
      const samples = sampleFolderIn(dataDir);
      this.sampleFolderValue = existsSync(samples) ? samples : null;
      try {
        const key = await keys.sandbox();
        this.sandboxValue ??= await startSandbox(key, this.options.sandbox);
        return { baseUrl: this.sandboxValue.url, apiKey: key, config };
      } catch (error) {
        this.problem = problems.sandboxNotStarted(error);
        return null;
      }
    }
    if (mode === 'none' || baseUrl === null) return null;
    let apiKey: string | null;
    try {
      apiKey = await this.options.secrets.store.get(baseUrl);
    } catch (error) {
      this.problem = problems.keyUnreadable(error);
      return null;
    }
    if (apiKey === null) {
      this.problem = problems.keyMissing(baseUrl);
      return null;
    }
    keys.apiKey = apiKey;
    keys.sawSecret(apiKey);
    return { baseUrl, apiKey, config };
  }
}
