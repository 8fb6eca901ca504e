// Fault injection for chaos runs: what a flaky network or proxy in front of the service does.
// Rolls come from their own seeded stream, and every injected fault is written to the ledger, so
// a chaos run can separate injected failures from real ones. A rate of 0 never draws, so turning
// one fault on does not shift the others' sequence.

import type { FaultKind } from './ledger';
import type { FaultOptions } from './options';
import type { Random } from './random';

export interface FaultSettings {
  errorRate: number;
  errorStatus: number;
  htmlErrorRate: number;
  dropRate: number;
  dropAfterRate: number;
  slowRate: number;
  slowMs: number;
  networkDown: boolean;
  listErrorStatus: number;
  listDelayMs: number;
  aiStatusErrorStatus: number;
  maintenanceMs: number;
  heldSlots: number;
  concurrencyRetryAfter: boolean;
}

export interface FaultPlan {
  /** Answer (or kill) before the service sees the request. */
  readonly before: Extract<FaultKind, 'network_down' | 'drop' | 'error5xx' | 'html_error'> | null;
  readonly slowMs: number;
  readonly dropAfter: boolean;
}

const NONE: FaultPlan = { before: null, slowMs: 0, dropAfter: false };

/** What every setting is until a fault is turned on. */
const NO_FAULTS: FaultSettings = {
  errorRate: 0,
  errorStatus: 503,
  htmlErrorRate: 0,
  dropRate: 0,
  dropAfterRate: 0,
  slowRate: 0,
  slowMs: 0,
  networkDown: false,
  listErrorStatus: 0,
  listDelayMs: 0,
  aiStatusErrorStatus: 0,
  maintenanceMs: 0,
  heldSlots: 0,
  concurrencyRetryAfter: true,
};

export function faultSettings(options: FaultOptions = {}): FaultSettings {
  return { ...NO_FAULTS, ...stripUndefined(options) };
}

export const PROXY_ERROR_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n' +
  '<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

export class FaultInjector {
  /** Real time (like requestLatencyMs) at which the maintenance window closes. */
  private maintenanceUntil: number;

  constructor(
    public settings: FaultSettings,
    private readonly random: Random,
  ) {
    this.maintenanceUntil = Date.now() + settings.maintenanceMs;
  }

  update(patch: FaultOptions): void {
    this.settings = { ...this.settings, ...stripUndefined(patch) };
    if (patch.maintenanceMs !== undefined) this.maintenanceUntil = Date.now() + patch.maintenanceMs;
  }

  clear(): void {
    this.settings = faultSettings();
    this.maintenanceUntil = 0;
  }

  /** A maintenance window is open: every API request is answered 503 with Retry-After. */
  inMaintenance(): boolean {
    return Date.now() < this.maintenanceUntil;
  }

  /** Decide this request's fate. */
  plan(): FaultPlan {
    const s = this.settings;
    if (s.networkDown) return { before: 'network_down', slowMs: 0, dropAfter: false };
    if (this.random.chance(s.dropRate)) return { before: 'drop', slowMs: 0, dropAfter: false };
    if (this.random.chance(s.errorRate)) return { before: 'error5xx', slowMs: 0, dropAfter: false };
    if (this.random.chance(s.htmlErrorRate)) {
      return { before: 'html_error', slowMs: 0, dropAfter: false };
    }
    const slowMs = s.slowMs > 0 && this.random.chance(s.slowRate) ? s.slowMs : 0;
    const dropAfter = this.random.chance(s.dropAfterRate);
    if (slowMs === 0 && !dropAfter) return NONE;
    return { before: null, slowMs, dropAfter };
  }
}

function stripUndefined(patch: FaultOptions): Partial<FaultSettings> {
  const out: Partial<FaultSettings> = {};
  for (const [k, v] of Object.entries(patch) as [keyof FaultSettings, unknown][]) {
    if (v !== undefined) Object.assign(out, { [k]: v });
  }
  return out;
}
