// A clerk's decision for a meter, made against the queue: the facts the rules need are gathered
// here (the meter, its chosen photo, the route's read day, its earlier estimates), the rules in
// common/billing/decision-rules.ts decide, and the decision is kept (meter-decisions-repo.ts).
// Undo takes the newest back. The actions layer calls these and then has the checks follow.
import { billedReading } from '../../common/billing/billed-reading';
import {
  canUndo,
  decide,
  type Decided,
  type DecisionProblem,
  type DecisionRequest,
} from '../../common/billing/decision-rules';
import type { StoredDecision } from '../../common/billing/meter-decision';
import type { Store } from '../store/store';
import { meterReading } from './meter-readings';

/** yyyy-mm-dd of this moment on this machine's calendar (the office's), not UTC's. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The day a route was read: the middle one of its photos' read dates (each the camera's own
 * date, as it was written), else today on this machine's calendar.
 */
export function routeReadDay(store: Store, route: string | null, nowMs: number): string {
  const days = store.meters
    .routeReadDates(route)
    .map((p) => p.readAt.slice(0, 10))
    .sort();
  return days[Math.floor(days.length / 2)] ?? localDay(nowMs);
}

/** Null for a meter not in the loaded sheets. */
export function decideMeter(
  store: Store,
  meterId: string,
  request: DecisionRequest,
  nowMs: number,
): (Decided & { ok: false }) | { ok: true; stored: StoredDecision } | null {
  const ruled = ruleOn(store, meterId, request, nowMs);
  if (ruled === null) return null;
  if (!ruled.decided.ok) return ruled.decided;
  return { ok: true, stored: store.decisions.add(ruled.meterId, ruled.decided.decision) };
}

/**
 * What the rules say of the decision now, nothing kept: an office-first decision asks this before
 * the office, so the office never records one this desk then refuses. Null: no such meter.
 */
export function checkMeterDecision(
  store: Store,
  meterId: string,
  request: DecisionRequest,
  nowMs: number,
): Decided | null {
  return ruleOn(store, meterId, request, nowMs)?.decided ?? null;
}

function ruleOn(
  store: Store,
  meterId: string,
  request: DecisionRequest,
  nowMs: number,
): { meterId: string; decided: Decided } | null {
  const found = meterReading(store, meterId);
  if (!found) return null;
  const { meter, outcome } = found;
  const chosen = outcome.chosen;
  const decided = decide(request, {
    meterId: meter.meterId,
    registerDigits: meter.registerDigits,
    previousReading: meter.previousReading,
    previousReadAt: meter.previousReadAt,
    avgDailyUse: meter.avgDailyUse,
    registerDecimals: meter.registerDecimals,
    current: meter.decision,
    photoReading: chosen ? billedReading(chosen) : null,
    photoJobId: chosen?.jobId ?? null,
    lastJobId: store.decisions.lastJobId(),
    photoReadDay: chosen?.readAt?.slice(0, 10) ?? null,
    readDay: routeReadDay(store, meter.route, nowMs),
    today: localDay(nowMs),
    otherMeter: (id) => {
      const other = store.meters.get(id);
      return other ? { meterId: other.meterId, route: other.route } : null;
    },
    estimates: request.kind === 'estimate' ? store.decisions.ofKind(meter.meterId, 'estimate') : [],
  });
  return { meterId: meter.meterId, decided };
}

/** Takes the meter's decision back; null for a meter not in the loaded sheets. */
export function undoMeterDecision(
  store: Store,
  meterId: string,
): { ok: true; undone: StoredDecision } | { ok: false; problem: DecisionProblem } | null {
  const meter = store.meters.get(meterId);
  if (!meter) return null;
  const problem = canUndo(meter.decision);
  if (problem) return { ok: false, problem };
  const undone = store.decisions.undo(meter.meterId);
  return undone
    ? { ok: true, undone }
    : { ok: false, problem: { code: 'nothing_to_undo', params: {} } };
}
