import type { EngineMessage } from '../../common/engine-messages';
import type { EngineStatus } from '../../common/engine-status';

export interface EngineEvents {
  /** Jobs whose rows changed; the ids may repeat across events. */
  jobs: [ids: number[]];
  status: [status: EngineStatus];
  /**
   * One line for a log: retries, fallbacks, pauses, in English, with the code the window words it
   * by when there is one. Never contains the API key.
   */
  log: [line: string, message?: EngineMessage];
}
