// The office-wide billing export and route progress: every meter of every route in the office,
// whichever desk read it, through the desk's own billing export code (one CSV writer) and in the
// same walking order, columns, template and dialect as a desk's export.
import { createHash } from 'node:crypto';
import { dialectTemplate, storedDialect } from '../../common/billing/export-dialect';
import { inExportScope, type BillingScope } from '../../common/billing/export-scope';
import type { ExportTemplate } from '../../common/billing/export-template';
import type { BillingRow } from '../../common/billing/billing-row';
import { noMeters } from '../../common/billing/meter-outcome';
import {
  BillingLines,
  exportBilling,
  UnencodableError,
  writeBillingLines,
  type BillingExportResult,
} from '../billing/billing-export';
import { exportedHistoryRows } from '../billing/history/exported-history';
import type { RouteProgress } from '../billing/meter-readings';
import { NO_ROUTE } from './route-publish';
import { ROWS_DERIVATION } from './store/office-rows';
import type { OfficeStore } from './store/office-store';
import { byText, walkingOrder } from './store/walking-order';

export interface OfficeExportResult extends BillingExportResult {
  /** Desks whose readings (or, without one, decisions) the rows bill, with how many rows each. */
  desks: { desk: string; rows: number }[];
}

/**
 * Raise it when the desk's CSV code writes the same row differently (a column's format, quoting),
 * so the lines an office keeps (office migration 013) are made again by the next export.
 */
export const LINES_FORMAT = 1;

/** What an office's kept lines were made with: the template, the zone, the code's versions. */
export function lineKey(template: ExportTemplate, zone: string): string {
  const named = { format: LINES_FORMAT, rows: ROWS_DERIVATION, template, zone };
  return createHash('sha256').update(JSON.stringify(named)).digest('hex');
}

function deskList(desks: ReadonlyMap<string, number>): OfficeExportResult['desks'] {
  return [...desks].map(([desk, n]) => ({ desk, rows: n })).sort((a, b) => byText(a.desk, b.desk));
}

/**
 * Every row made and written now, in walking order: what names a cell its encoding cannot hold,
 * and what a scope narrower than every meter writes (the kept lines are every meter's).
 */
async function exportRowByRow(
  office: Pick<OfficeStore, 'billingRows' | 'addHistory'>,
  out: string,
  template: ExportTemplate,
  scope: BillingScope,
): Promise<OfficeExportResult> {
  const rows = (await office.billingRows()).rows.filter((r) => inExportScope(r.row, scope));
  const desks = new Map<string, number>();
  for (const { desk } of rows) if (desk !== null) desks.set(desk, (desks.get(desk) ?? 0) + 1);
  const written = await exportBilling(rows.map((r) => r.row).sort(walkingOrder), out, template);
  await office.addHistory(exportedHistoryRows(rows.map((r) => r.row)), 'export');
  return { ...written, desks: deskList(desks) };
}

/**
 * Writes the office-wide billing CSV. Without a template, the one a desk's export would take: the
 * default in the dialect the office's route sheets were loaded in. `scope` as a desk's export has
 * it (the window's "only finished and checked"); the CLI writes every meter. Each meter's line is
 * kept in the office once made (office-lines.ts): an export of every meter makes only the lines
 * of routes derived since the last one with this template, and reads the rest in walking order.
 * The readings billing takes become the office's history (issue 33), as a desk's export makes
 * them its queue's: those of the lines made now (a kept line's reading became history when it
 * was made).
 */
export async function exportOfficeBilling(
  office: Pick<OfficeStore, 'billingRows' | 'exportLines' | 'sheetDialect' | 'addHistory'>,
  out: string,
  template: ExportTemplate | null,
  scope: BillingScope = 'all',
): Promise<OfficeExportResult> {
  const chosen = template ?? dialectTemplate(storedDialect(await office.sheetDialect()));
  if (scope !== 'all') return exportRowByRow(office, out, chosen, scope);
  const maker = new BillingLines(chosen);
  const billed: BillingRow[] = [];
  let refused: unknown = null;
  let kept;
  try {
    kept = await office.exportLines(lineKey(chosen, maker.timeZone), (rows) => {
      try {
        const lines = rows.map((r) => maker.line(r.row, 0));
        rows.forEach((r, i) => {
          if (lines[i] !== null) billed.push(r.row);
        });
        return lines;
      } catch (error) {
        refused = error;
        throw error;
      }
    });
  } catch (error) {
    // A cell the template's encoding cannot hold: its row in the file is known only in order.
    if (refused instanceof UnencodableError) return exportRowByRow(office, out, chosen, scope);
    throw refused ?? error;
  }
  const writer = new BillingLines(chosen, maker.timeZone);
  const path = await writeBillingLines(
    kept.lines.map((line) => writer.kept(line)),
    out,
    writer,
  );
  if (billed.length > 0) await office.addHistory(exportedHistoryRows(billed), 'export');
  return {
    path,
    rows: kept.lines.length,
    unmatched: kept.unmatched,
    replaced: writer.replaced,
    desks: deskList(kept.desks),
  };
}

export type OfficeRouteProgress = RouteProgress & { read: number };

/** Per route of the office: meters, how many have a reading, and how many in each state. */
export async function officeRouteProgress(
  office: Pick<OfficeStore, 'routeCounts'>,
): Promise<OfficeRouteProgress[]> {
  const routes = new Map<string, OfficeRouteProgress>();
  for (const c of await office.routeCounts()) {
    let r = routes.get(c.routeKey);
    if (!r) {
      r = { route: c.routeKey === NO_ROUTE ? null : c.routeKey, read: 0, ...noMeters() };
      routes.set(c.routeKey, r);
    }
    r.meters += c.meters;
    r[c.state] += c.meters;
    if (c.read) r.read += c.meters;
  }
  return [...routes.values()].sort((a, b) =>
    a.route === null ? 1 : b.route === null ? -1 : byText(a.route, b.route),
  );
}
