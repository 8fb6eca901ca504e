import { logged, type EngineMessage } from '../../common/engine-messages';
import type { Holds } from './holds';
import type { ServiceState } from './service-state';

export interface QuotaSpentParts {
  readonly holds: Holds;
  readonly service: ServiceState;
  readonly signal: () => AbortSignal;
  readonly kick: () => void;
  readonly failed: (error: unknown) => void;
  readonly track: (work: Promise<unknown>) => void;
  readonly log: (line: string, message?: EngineMessage) => void;
}

/**
 * The quota covers nothing more and nothing is in flight: read it again, when every deployment's
 * figure means what is truly left. A figure of none does not hold the run: one photo goes to ask,
 * and only the service's 429 quota_exhausted holds it (failures.ts). One read at a time.
 */
export class QuotaSpentCheck {
  private pending: Promise<void> | null = null;
  /** Said once until readings are seen again: the run goes on one photo at a time, and why. */
  private toldAsking = false;

  constructor(private readonly p: QuotaSpentParts) {}

  run(): void {
    const { holds, service } = this.p;
    if (this.pending || holds.view().quota) return;
    if (service.deployment.deniedMessage('quota')) {
      if (!service.budget.assumeExact()) this.askWithOne();
      this.p.kick();
      return;
    }
    const check = service
      .quotaAvailable(this.p.signal())
      .then((available) => {
        if (available) this.toldAsking = false;
        else this.askWithOne();
        this.p.kick();
      })
      .catch((err: unknown) => {
        this.p.failed(err);
      })
      .finally(() => {
        this.pending = null;
      });
    this.pending = check;
    this.p.track(check);
  }

  private askWithOne(): void {
    this.p.service.budget.askWithOne();
    if (this.toldAsking) return;
    this.toldAsking = true;
    this.p.log(...logged('quotaAsking', {}));
  }
}
