// The run's summary of photos the quality check held back: how many per reason, and the quota
// they did not cost. English, as the CLI's other lines.
import { HOLD_REASONS, type HoldReason } from '../../common/photo-checks';

const REASON_TEXT: Record<HoldReason, string> = {
  too_small: 'too small',
  too_dark: 'too dark',
  blown_out: 'overexposed',
  blurred: 'blurred',
};

/** What the JSON output carries: the held photos per reason and the readings not paid for. */
export interface HeldSummary {
  readonly byReason: Partial<Record<HoldReason, number>>;
  readonly quotaSaved: number;
}

/** "4 (1 too small, 3 blurred)": the held photos and their reasons; '' when none is held. */
export function heldReasons(byReason: HeldSummary['byReason']): string {
  const parts = HOLD_REASONS.flatMap((r) => {
    const n = byReason[r] ?? 0;
    return n > 0 ? [`${String(n)} ${REASON_TEXT[r]}`] : [];
  });
  if (parts.length === 0) return '';
  const total = Object.values(byReason).reduce((a, n) => a + n, 0);
  return `${String(total)} (${parts.join(', ')})`;
}

/** The summary's lines, or '' when nothing is held. */
export function heldLines(held: HeldSummary): string {
  const reasons = heldReasons(held.byReason);
  if (reasons === '') return '';
  return (
    `Held, not sent: ${reasons}; quota saved: ${String(held.quotaSaved)} ` +
    `${held.quotaSaved === 1 ? 'reading' : 'readings'}.\n` +
    'Check them in the window and send the ones worth reading anyway; --no-photo-checks sends every photo.\n'
  );
}
