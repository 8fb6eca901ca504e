// Whether the photo checker can run at all (issue 32). In an installed copy missing a file that
// sharp or the barcode reader needs, every photo's check fails the same way; treating each as "a
// photo the checker cannot decode" sent every photo with one error line apiece and said nothing
// anywhere a clerk looks. Here it is said once, in the log and in the engine's status, and the
// gate and the code reader stop asking the worker: photos are sent unchecked, plainly.
import { logged, type EngineMessage } from '../../common/engine-messages';
import { PhotoCheckError } from '../photo-checks/check-lane';

export interface CheckerHealthDeps {
  readonly log: (line: string, message?: EngineMessage) => void;
  /** The status changed (the window shows the notice). */
  readonly changed: () => void;
}

export class CheckerHealth {
  private why: string | null = null;

  constructor(private readonly d: CheckerHealthDeps) {}

  /** What the loader said when the checker could not load, or null while it works. */
  get unavailable(): string | null {
    return this.why;
  }

  /**
   * Whether `error` says the checker cannot load; the first such error is logged and shown. The
   * caller then treats its photo as unchecked instead of logging an error of its own.
   */
  noted(error: unknown): boolean {
    if (!(error instanceof PhotoCheckError) || error.code !== 'unavailable') return false;
    if (this.why === null) {
      this.why = error.message;
      this.d.log(...logged('photoChecksUnavailable', { detail: error.message }));
      this.d.changed();
    }
    return true;
  }
}
