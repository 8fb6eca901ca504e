// The window's desk in office mode: with the Office settings saved, each engine the backend starts
// gets an office desk beside it (main/office/office-desk.ts, as `run --office` has), publishing the
// queue's outbox and asking the office before each upload. It starts in the background, so an
// office that is slow or away never holds the window or the engine; it follows the settings
// because the backend restarts the engine when they change (handlers/office.ts).
import type { Engine } from '../engine/engine';
import { startOfficeDesk, type OfficeDesk } from '../office/office-desk';
import {
  loadOfficeSettings,
  OfficePasswords,
  officeSettingsFile,
  officeUrlOf,
} from '../office/office-settings';
import type { SecretStore } from '../secrets/secret-store';
import type { Store } from '../store/store';
import { systemClock } from '../time/clock';
import type { BackendKeys } from './backend-keys';
import { describe } from './start-problems';

/** How long stopping waits for the outbox to drain; what is left waits for the next start. */
const FINISH_BUDGET_MS = 3_000;

export class OfficeLink {
  private desk: Promise<OfficeDesk | null> | null = null;

  constructor(
    private readonly userDataDir: string,
    private readonly secrets: SecretStore,
    /** The password is remembered for scrubbing text that leaves the backend. */
    private readonly keys: Pick<BackendKeys, 'sawSecret'>,
    /** Never given the password: every line names the office by its redacted address. */
    private readonly log: (line: string) => void,
  ) {}

  /** Starts the office desk for this engine when the settings name an office; returns at once. */
  start(store: Store, engine: Engine): void {
    const settings = loadOfficeSettings(officeSettingsFile(this.userDataDir));
    if (settings === null) return;
    const { log } = this;
    this.desk = (async () => {
      const password = await new OfficePasswords(this.secrets).get(settings).catch(() => null);
      if (password !== null) this.keys.sawSecret(password);
      const desk = await startOfficeDesk({
        store,
        url: officeUrlOf(settings, password),
        desk: settings.desk,
        clock: systemClock,
        say: log,
      });
      engine.claimUploadsWith(desk.claim);
      return desk;
    })().catch((error: unknown) => {
      log(`Office: not used until its settings change: ${describe(error)}`);
      return null;
    });
  }

  /** Publishes what is due within a short budget and closes the connection (engine stopped). */
  async stop(): Promise<void> {
    const pending = this.desk;
    this.desk = null;
    const desk = await pending;
    if (desk) await desk.finish(FINISH_BUDGET_MS);
  }
}
