// A queue an older version filled, or one photos were added to while no engine ran, may hold
// photos never dated, matched or checked: a start catches them up before the run goes on.
import { logged, type EngineMessage } from '../../common/engine-messages';
import { catchUp } from '../billing/routes';
import type { Store } from '../store/store';

export interface CatchUpDeps {
  readonly store: Store;
  readonly now: Date;
  readonly signal: AbortSignal;
  readonly changed: (ids: readonly number[]) => void;
  readonly log: (line: string, message?: EngineMessage) => void;
}

/** Never rejects: a failure is logged and the run goes on with what it has. */
export function catchUpQueue(d: CatchUpDeps): Promise<void> {
  return catchUp(d.store, d.now, d.signal).then(
    (ids) => {
      d.changed(ids);
    },
    (error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error);
      d.log(...logged('unexpectedError', { detail }));
    },
  );
}
