// Which meters a billing export holds: "finished" (the default) leaves out the meters that still
// wait for a reading or a person; "all" writes every one. One rule for a desk's export and the
// office's, so the two dialogs' "only finished and checked" mean the same rows.
import type { BillingRow } from './billing-row';

export const BILLING_SCOPES = ['finished', 'all'] as const;
export type BillingScope = (typeof BILLING_SCOPES)[number];

/** Whether the row is in an export of this scope (an unmatched photo is always listed). */
export function inExportScope(row: BillingRow, scope: BillingScope): boolean {
  return scope === 'all' || row.unmatched || row.useOnBill || row.skipCode !== null;
}
