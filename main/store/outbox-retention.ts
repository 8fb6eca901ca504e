// How long this desk keeps outbox entries the office has taken (issue 30, item 7: the outbox was
// never pruned). `office republish` resends what the outbox still holds, so the retention is how
// far back a restored office can be brought up to date from this desk; what was pruned is
// remembered, so republish can say what it can no longer send.
import type { SettingsRepo } from './settings-repo';

export const OUTBOX_KEEP_DAYS_SETTING = 'officeOutboxKeepDays';
export const OUTBOX_PRUNED_SETTING = 'officeOutboxPruned';
/** A month: longer than an office keeps its nightly backups before it notices a bad one. */
export const DEFAULT_OUTBOX_KEEP_DAYS = 30;
export const MAX_OUTBOX_KEEP_DAYS = 3650;
export const DAY_MS = 24 * 60 * 60_000;

/** What pruning has taken so far: entries published before `before` may be gone. */
export interface OutboxPruned {
  before: string;
  entries: number;
}

export function validOutboxKeepDays(days: number): boolean {
  return Number.isInteger(days) && days >= 1 && days <= MAX_OUTBOX_KEEP_DAYS;
}

export function outboxKeepDays(settings: SettingsRepo): number {
  const days = settings.get<unknown>(OUTBOX_KEEP_DAYS_SETTING, DEFAULT_OUTBOX_KEEP_DAYS);
  return typeof days === 'number' && validOutboxKeepDays(days) ? days : DEFAULT_OUTBOX_KEEP_DAYS;
}

export function setOutboxKeepDays(settings: SettingsRepo, days: number): void {
  if (!validOutboxKeepDays(days)) throw new RangeError(`outbox retention ${String(days)} days`);
  settings.set(OUTBOX_KEEP_DAYS_SETTING, days);
}

export function outboxPruned(settings: SettingsRepo): OutboxPruned | null {
  const pruned = settings.get<Partial<OutboxPruned> | null>(OUTBOX_PRUNED_SETTING, null);
  return typeof pruned?.before === 'string' && typeof pruned.entries === 'number'
    ? { before: pruned.before, entries: pruned.entries }
    : null;
}

/** Adds one pruning's entries to what was pruned before. */
export function notePruned(settings: SettingsRepo, before: string, entries: number): void {
  const was = outboxPruned(settings);
  settings.set(OUTBOX_PRUNED_SETTING, {
    before: was !== null && was.before > before ? was.before : before,
    entries: (was?.entries ?? 0) + entries,
  } satisfies OutboxPruned);
}
