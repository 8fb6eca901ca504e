// `meter-desk run ... --route sheet.csv [--mapping m.json] [--pattern P] [--template t.json]`:
// the route sheet, its column mapping, the file-name pattern and the export template, each checked
// before anything is sent; then the sheet loaded (all or nothing), and at the end the billing
// export (one row per meter) with a summary of what was flagged and why.
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { ColumnMapping } from '../../../common/billing/column-mapping';
import type { ExportTemplate } from '../../../common/billing/export-template';
import { compileFilePattern } from '../../../common/billing/file-pattern';
import { describeProblems } from '../../../common/billing/row-problem-english';
import { encodingGuessEnglish } from '../../../common/billing/encoding-guess';
import { defaultBillingTemplate, exportBilling } from '../../billing/billing-export';
import {
  billingRows,
  meterReadings,
  progressTotal,
  routeProgress,
  type RouteProgress,
} from '../../billing/meter-readings';
import { readColumnMappingFile, readExportTemplateFile } from '../../billing/settings-files';
import { readProfile } from '../../billing/order-files/profile-file';
import type { OrderProfile } from '../../../common/billing/order-files/profile';
import { loadOrderRoute } from './order-file-route';
import { QueueActions } from '../../actions/queue-actions';
import { systemClock } from '../../time/clock';
import type { Store } from '../../store/store';
import { UsageError } from '../exit-codes';
import type { CliIo } from '../output';

export const ROUTE_FLAGS = {
  route: { type: 'string' },
  'route-format': { type: 'string' },
  mapping: { type: 'string' },
  pattern: { type: 'string' },
  template: { type: 'string' },
  'camera-counters': { type: 'boolean', default: false },
} as const;

export interface RoutePlan {
  readonly route: string | null;
  readonly mapping: ColumnMapping | undefined;
  readonly pattern: string | null;
  /** --camera-counters: the office's cameras number photos by meter (IMG_0042 is meter 0042). */
  readonly cameraCounters: boolean;
  /** The --template file's; null: the default template in the loaded sheet's dialect. */
  readonly template: ExportTemplate | null;
  /** --route-format: the order file's profile; null: recognised by content, else a route sheet. */
  readonly orderProfile: OrderProfile | null;
}

/** Reads and checks the route flags; a bad file or pattern is a usage error naming it. */
export async function routePlan(values: {
  route?: string | undefined;
  mapping?: string | undefined;
  pattern?: string | undefined;
  template?: string | undefined;
  'camera-counters'?: boolean | undefined;
  'route-format'?: string | undefined;
}): Promise<RoutePlan> {
  const { route, pattern } = values;
  if (route !== undefined && !existsSync(route))
    throw new UsageError(`--route: no file at ${route}`);
  if (pattern !== undefined) {
    const compiled = compileFilePattern(pattern);
    if (!compiled.ok) throw new UsageError(`--pattern: ${compiled.error}`);
  }
  let mapping: ColumnMapping | undefined;
  if (values.mapping !== undefined) {
    const read = await readColumnMappingFile(values.mapping);
    if (!read.ok) throw new UsageError(`--mapping ${values.mapping}: ${read.errors.join(' ')}`);
    mapping = read.value;
  }
  let template: ExportTemplate | null = null;
  if (values.template !== undefined) {
    const read = await readExportTemplateFile(values.template);
    if (!read.ok) throw new UsageError(`--template ${values.template}: ${read.errors.join(' ')}`);
    template = read.value;
  }
  let orderProfile: OrderProfile | null = null;
  if (values['route-format'] !== undefined) {
    const read = await readProfile(values['route-format']);
    if (!read.ok) throw new UsageError(`--route-format: ${read.errors.join(' ')}`);
    orderProfile = read.value;
  }
  return {
    route: route ?? null,
    orderProfile,
    mapping,
    pattern: pattern ?? null,
    cameraCounters: values['camera-counters'] === true,
    template,
  };
}

/**
 * Sets the pattern and loads the sheet into the queue; a bad sheet loads nothing. The sheet is
 * kept to `folders`, the folders and files of this run: photos elsewhere in the queue (another
 * reader's folder, last month's) are not matched to its meters.
 */
export async function applyRoutePlan(
  actions: QueueActions,
  plan: RoutePlan,
  io: CliIo,
  folders: readonly string[] = [],
): Promise<void> {
  if (plan.cameraCounters) actions.setCameraCounters(true);
  if (plan.pattern !== null) {
    const set = actions.setFilePattern(plan.pattern);
    if (!set.ok) throw new UsageError(`--pattern: ${set.error}`);
  }
  if (plan.route === null) return;
  const absolute = folders.map((f) => resolve(f));
  if (await loadOrderRoute(actions, plan.route, plan.orderProfile, io, absolute)) return;
  const loaded = await actions.loadRouteSheet(plan.route, {
    name: basename(plan.route),
    ...(plan.mapping && { mapping: plan.mapping }),
    folders: folders.map((f) => resolve(f)),
  });
  if (!loaded.ok) {
    const lines = describeProblems(loaded.problems, loaded.moreProblems);
    const hint = loaded.headers
      ? `\nIts columns: ${loaded.headers.join(', ')}. Name the meter id column in a mapping file (--mapping).`
      : '';
    throw new UsageError(
      `The route sheet ${plan.route} was not loaded (nothing of it):\n  ${lines.join('\n  ')}${hint}`,
    );
  }
  io.err(
    `Route sheet ${basename(plan.route)}: ${loaded.meters} meters (${loaded.added} new, ${loaded.updated} updated)` +
      `${loaded.encodingGuess ? `; ${encodingGuessEnglish(loaded.encodingGuess)}` : ''}\n`,
  );
  for (const w of describeProblems(loaded.warnings, 0).slice(0, 10)) io.err(`  note: ${w}\n`);
}

export function progressLine(r: Omit<RouteProgress, 'route'>): string {
  return (
    `${r.meters} meters: ${r.confirmed} passed checks or confirmed, ${r.not_checked} not checked, ` +
    `${r.flagged} flagged, ${r.skipped} skipped, ` +
    `${r.pending} pending, ${r.missing} missing`
  );
}

/** Writes the billing export and says what it holds; returns the figures for --json. */
export async function exportForBilling(
  store: Store,
  out: string,
  template: ExportTemplate | null,
  io: CliIo,
  json: boolean,
): Promise<{ path: string; rows: number; unmatched: number; flagged: string[] }> {
  const written = await exportBilling(
    billingRows(store),
    out,
    template ?? defaultBillingTemplate(store),
  );
  await new QueueActions({
    store: () => store,
    engine: () => null,
    clock: systemClock,
  }).recordExport(billingRows(store));
  const { routes } = routeProgress(store);
  const total = progressTotal(routes);
  const notes = [...summaryNotes(store)];
  const flagged = notes.filter((n) => n.startsWith('flagged')).map((n) => n.slice(9));
  if (!json) {
    io.out(`Billing export: ${written.rows} rows to ${written.path}\n${progressLine(total)}`);
    io.out(written.unmatched ? `; ${written.unmatched} photos matched no meter\n` : '\n');
    for (const line of notes.slice(0, 30)) io.out(`  ${line}\n`);
    if (notes.length > 30) io.out(`  ... and ${notes.length - 30} more (see the export)\n`);
  }
  return { path: written.path, rows: written.rows, unmatched: written.unmatched, flagged };
}

/**
 * What a clerk should know after a run, a line each: flagged readings with the rules' words,
 * meters that rolled over, meters still missing, photos that matched no meter.
 */
function* summaryNotes(store: Store): Generator<string> {
  for (const { meter, outcome } of meterReadings(store)) {
    const where = `meter ${meter.meterId}${meter.route ? ` (route ${meter.route})` : ''}`;
    const check = outcome.chosen?.check;
    if (outcome.state === 'flagged') yield `flagged: ${where}: ${outcome.note}`;
    else if (outcome.state === 'not_checked') yield `not checked: ${where}: ${outcome.note}`;
    else if (outcome.state === 'missing') yield `missing: ${where}: ${outcome.note}`;
    else if (check?.rolledOver)
      yield `rolled over: ${where}: ${outcome.reading ?? ''} after ${check.baseline?.reading ?? '?'} (${String(check.consumption)} used), accepted`;
  }
  for (const row of billingRows(store)) {
    if (row.unmatched && row.duplicateOf === null)
      yield `no meter: photo ${row.photo ?? '?'} matched no meter of the route sheets`;
  }
}
