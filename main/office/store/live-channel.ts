/**
 * The channel office migration 004's trigger notifies on (and a hand-over ask, lease-handover.ts).
 * The migration holds its own copy (a shipped migration is never edited through a constant);
 * test/office/migrations/004-live.test.ts listens on this one, so the two cannot part unnoticed.
 */
export const OFFICE_LIVE_CHANNEL = 'meterdesk_office';
