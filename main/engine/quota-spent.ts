import type { Holds } from './holds';
import type { ServiceState } from './service-state';

export interface QuotaSpentParts {
  readonly holds: Holds;
  readonly service: ServiceState;
  readonly signal: () => AbortSignal;
  readonly kick: () => void;
  readonly failed: (error: unknown) => void;
  readonly track: (work: Promise<unknown>) => void;
}

/**
 * The quota covers nothing more and nothing is in flight: read it again, when every deployment's
 * figure means what is truly left, and hold only if it says none. One read at a time.
 */
export class QuotaSpentCheck {
  private pending: Promise<void> | null = null;

  constructor(private readonly p: QuotaSpentParts) {}

  run(): void {
    const { holds, service } = this.p;
    if (this.pending || holds.view().quota) return;
    const summary = (): string => service.quota?.summaryText ?? '';
    if (service.deployment.deniedMessage('quota')) {
      if (service.budget.assumeExact()) this.p.kick();
      else holds.holdQuota(service.budget.lastRemaining, summary());
      return;
    }
    const check = service
      .quotaAvailable(this.p.signal())
      .then((available) => {
        if (!available) holds.holdQuota(0, summary());
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
}
