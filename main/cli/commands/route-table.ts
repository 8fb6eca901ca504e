// The `routes` table, a desk's or the office's: one line per route, the same words in both.
import type { RouteProgress } from '../../billing/meter-readings';
import { table } from '../output';

/** The routes table; with a `read` column where the rows count it (the office's). */
export function routeTable(routes: readonly (RouteProgress & { read?: number })[]): string {
  const withRead = routes.some((r) => r.read !== undefined);
  const read = (r: { read?: number }): string[] => (withRead ? [String(r.read ?? 0)] : []);
  return table([
    [
      'route',
      'meters',
      ...(withRead ? ['read'] : []),
      'passed/confirmed',
      'not checked',
      'flagged',
    ].concat(['skipped', 'pending', 'missing']),
    ...routes.map((r) => [
      r.route ?? '(no route)',
      String(r.meters),
      ...read(r),
      String(r.confirmed),
      String(r.not_checked),
      String(r.flagged),
      String(r.skipped),
      String(r.pending),
      String(r.missing),
    ]),
  ]);
}
