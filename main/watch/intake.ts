import type { AddSummary } from '../../common/engine-status';
import type { IntakeResult } from './folder-watcher';

/**
 * What the watcher learns from an add: how many files the queue took as new, and which it did not
 * take (still being written, or gone): those are looked at again, and gone ones drop out there.
 */
export function intakeOf(summary: AddSummary): IntakeResult {
  return {
    added: summary.queued + summary.reused + summary.rejected,
    growing: summary.missing.map((m) => m.path),
  };
}
