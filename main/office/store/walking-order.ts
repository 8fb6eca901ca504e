// The desk's walking order (main/store/meters-repo.ts inRouteOrder), for the office's rows: route,
// sequence, meter, text in byte order as SQLite's BINARY collation has it, not the locale's.
import type { BillingRow } from '../../../common/billing/billing-row';

/** Text order as SQLite's BINARY collation has it (the desk's walking order), not the locale's. */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What a row's place in the walk is made of. */
export type WalkPlace = Pick<BillingRow, 'route' | 'sequence' | 'meterId'>;

/** The desk's walking order: route (none last), sequence (none last), meter. */
export function walkingOrder(a: WalkPlace, b: WalkPlace): number {
  if ((a.route === null) !== (b.route === null)) return a.route === null ? 1 : -1;
  const route = byText(a.route ?? '', b.route ?? '');
  if (route !== 0) return route;
  if ((a.sequence === null) !== (b.sequence === null)) return a.sequence === null ? 1 : -1;
  const sequence = (a.sequence ?? 0) - (b.sequence ?? 0);
  if (sequence !== 0) return sequence;
  return byText(a.meterId ?? '', b.meterId ?? '');
}
