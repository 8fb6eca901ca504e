// Handlers for routes and billing: the route sheet (inspect, then load with the clerk's column
// mapping), the file-name pattern, the meter views, what a clerk records per meter and photo, the
// export template and the two exports. The window reaches the file calls only through main's
// dialogs, and a sheet is loaded only from a path the person chose in one.
import { basename } from 'node:path';
import {
  normaliseHeader,
  parseColumnMappingJson,
  suggestMapping,
  type ColumnMapping,
} from '../../../common/billing/column-mapping';
import {
  exportTemplateJson,
  parseExportTemplateJson,
  type ExportTemplate,
} from '../../../common/billing/export-template';
import type { MeterDetail, SheetChoice } from '../../../common/ipc/billing-views';
import type { BillingRow } from '../../../common/billing/billing-row';
import { inExportScope, type BillingScope } from '../../../common/billing/export-scope';
import {
  billingPreview,
  exportBilling,
  sheetDialectOf,
  UnencodableError,
} from '../../billing/billing-export';
import { billingRows, routeProgress } from '../../billing/meter-readings';
import { writeMissingMeters } from '../../billing/missing-export';
import { readingForMeter } from '../../billing/typed-reading';
import { inspectRouteSheet } from '../../billing/route-sheet';
import { readExportTemplateFile, writeExportTemplateFile } from '../../billing/settings-files';
import { CsvExportError } from '../../export/csv';
import { AppError } from '../../ipc/app-error';
import { refusedInOffice } from '../../actions/office-decisions';
import type { RefusedInOffice } from '../../../common/office-decision-port';
import { replyMessage, readingRefused, templateInvalid } from '../../../common/reply-messages';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';
import { billingOverview, findMeters, listMeters, meterDetail } from './billing-meters';
import { systemClock } from '../../time/clock';
import { orderFileChoice, orderFileHandlers } from './order-files';
import { answerWithin } from '../../office/answer-within';
import {
  OFFICE_COUNTS_WAIT_MS,
  OFFICE_FIELD_LIST_WAIT_MS,
  withOfficeCounts,
} from '../../office/office-route-panel';
import { officeMissingMeters } from '../../office/office-missing';

type BillingHandlers = Pick<
  BackendHandlers,
  | 'loadOrderFile'
  | 'readOrderProfile'
  | 'writeReturnFile'
  | 'inspectRouteSheet'
  | 'loadRouteSheet'
  | 'setFilePattern'
  | 'billingOverview'
  | 'listMeters'
  | 'findMeters'
  | 'meterDetail'
  | 'assignMeter'
  | 'recordSkip'
  | 'typeReading'
  | 'saveTemplate'
  | 'readTemplateFile'
  | 'writeTemplateFile'
  | 'writeMissing'
  | 'writeBilling'
  | 'billingPreview'
>;

const SAMPLE_ROWS = 5;

/** The last saved mapping, when every column it names is among these headers. */
function savedMappingFor(
  saved: ColumnMapping | null,
  headers: readonly string[],
): ColumnMapping | null {
  if (!saved) return null;
  const present = new Set(headers.map(normaliseHeader));
  const named = Object.values(saved.fields);
  return named.length > 0 && named.every((h) => present.has(normaliseHeader(h))) ? saved : null;
}

function parseTemplate(json: string): ExportTemplate {
  const checked = parseExportTemplateJson(json);
  if (!checked.ok) throw new AppError('invalid_request', templateInvalid(checked.errors));
  return checked.value;
}

/** A meter the clerk named that is not (or no longer) in the loaded sheets. */
/** Office mode: another clerk's change or lease on the meter; nothing was saved here. */
const changedInOffice = ({ changedBy }: RefusedInOffice): AppError =>
  new AppError(
    'invalid_request',
    replyMessage('changedInOffice', { clerk: changedBy.clerk, desk: changedBy.desk }),
  );

function unknownMeter(meterId: string): AppError {
  return new AppError('not_found', replyMessage('meterNotInSheets', { meter: meterId }));
}

/** Billing rows of the chosen scope: "finished" keeps confirmed and skipped meters only. */
function* scoped(store: BackendState['store'], scope: BillingScope): Generator<BillingRow> {
  for (const row of billingRows(store)) {
    if (inExportScope(row, scope)) yield row;
  }
}

export function billingHandlers(state: BackendState): BillingHandlers {
  /** Route sheets the person chose in main's open dialog this session. */
  const chosen = new Set<string>();
  const detail = (meterId: string): MeterDetail => {
    const found = meterDetail(state.store, meterId, systemClock.now());
    if (!found) throw unknownMeter(meterId);
    return found;
  };
  /** Meters and photos changed: the table, the route list and the status follow. */
  const changed = (jobIds: readonly number[] | null): void => {
    if (jobIds === null) state.hub.markAppChanged();
    else state.hub.jobsChanged(jobIds);
    state.hub.statusChanged(state.status());
  };

  return {
    ...orderFileHandlers(state, chosen),
    inspectRouteSheet: ({ path }) =>
      state.use(async (): Promise<SheetChoice> => {
        // Chosen in the dialog even when it cannot be read as a sheet: it may be an order file
        // of a layout only the clerk's profile knows ("Read as an order file…").
        chosen.add(path);
        // A billing system's order file is loaded by its profile, not by a column mapping.
        const order = await orderFileChoice(path);
        if (order) return { canceled: false, order };
        const inspected = await inspectRouteSheet(path);
        if (!inspected.ok) {
          return {
            canceled: false,
            path,
            problems: inspected.problems,
            moreProblems: inspected.moreProblems,
          };
        }
        const saved = savedMappingFor(state.store.meters.lastMapping(), inspected.headers);
        const mapping = saved ?? suggestMapping(inspected.headers).mapping;
        return {
          canceled: false,
          preview: {
            path,
            name: basename(path),
            encoding: inspected.encoding,
            delimiter: inspected.delimiter,
            encodingGuess: inspected.encodingGuess,
            headers: inspected.headers,
            sampleRows: inspected.sampleRows.slice(0, SAMPLE_ROWS),
            mapping,
            mappingSource: saved ? 'saved' : 'suggested',
            unmappedRequired: saved ? [] : inspected.unmappedRequired,
            dateOrderHint: inspected.dateOrderHint,
          },
        };
      }),

    loadRouteSheet: ({ path, mappingJson, folders }) =>
      state.use(async () => {
        if (!chosen.has(path)) {
          throw new AppError('invalid_request', replyMessage('chooseSheetFirst', {}));
        }
        const mapping = parseColumnMappingJson(mappingJson);
        if (!mapping.ok) {
          const problems = mapping.errors.join(' ');
          throw new AppError('invalid_request', replyMessage('sheetMappingInvalid', { problems }));
        }
        const loaded = await state.actions.loadRouteSheet(path, {
          name: basename(path),
          mapping: mapping.value,
          ...(folders && { folders }),
        });
        if (!loaded.ok) {
          return { ok: false, problems: loaded.problems, moreProblems: loaded.moreProblems };
        }
        changed(null);
        return {
          ok: true,
          meters: loaded.meters,
          added: loaded.added,
          updated: loaded.updated,
          warnings: loaded.warnings,
          encodingGuess: loaded.encodingGuess,
          matched: loaded.match.matched,
          unmatched: loaded.match.unmatched + loaded.match.ambiguous,
        };
      }),

    setFilePattern: ({ pattern }) =>
      state.use(() => {
        const source = pattern?.trim() ? pattern.trim() : null;
        const set = state.actions.setFilePattern(source);
        if (!set.ok) {
          const problem = replyMessage('filePatternInvalid', { problem: set.error });
          throw new AppError('invalid_request', problem);
        }
        changed(set.match.changed);
        return { matched: set.match.matched, unmatched: set.match.unmatched + set.match.ambiguous };
      }),

    billingOverview: () =>
      state.use(async () => {
        const overview = billingOverview(state.store);
        // Office mode: the routes count what the office counts (issue 30, item 8).
        const desk = await answerWithin(
          state.office.time,
          OFFICE_COUNTS_WAIT_MS,
          () => state.office.running(),
          null,
        );
        const office = desk ? await desk.routeCounts.counts() : null;
        return office ? withOfficeCounts(overview, office) : overview;
      }),
    billingPreview: ({ scope }) =>
      state.use(() => billingPreview(state.store, scoped(state.store, scope))),
    listMeters: (query) => state.use(() => listMeters(state.store, query)),
    findMeters: ({ query, limit }) => state.use(() => findMeters(state.store, query, limit ?? 12)),
    meterDetail: ({ meterId }) => state.use(() => detail(meterId)),

    assignMeter: ({ jobId, meterId }) =>
      state.use(() => {
        const job = state.store.jobs.get(jobId);
        if (!job) throw new AppError('not_found', replyMessage('photoGone', {}));
        if (meterId !== null && !state.store.meters.get(meterId)) throw unknownMeter(meterId);
        if (!state.actions.assignMeter(jobId, meterId)) {
          throw new AppError(
            'invalid_request',
            replyMessage(job.reviewAction !== null ? 'keepsConfirmedMeter' : 'needsAMeter', {}),
          );
        }
        changed([jobId]);
        const updated = state.store.jobs.get(jobId);
        if (!updated) throw new AppError('not_found', replyMessage('photoGone', {}));
        return updated;
      }),

    recordSkip: ({ meterId, code, note }) =>
      state.use(async () => {
        if (code === 'other' && !note?.trim()) {
          throw new AppError('invalid_request', replyMessage('skipNeedsNote', {}));
        }
        const skipped = await state.actions.recordSkip(meterId, code, note ?? null);
        if (refusedInOffice(skipped)) throw changedInOffice(skipped);
        if (!skipped) throw unknownMeter(meterId);
        changed(state.store.meters.photoIdsOf(meterId));
        return detail(meterId);
      }),

    typeReading: ({ meterId, reading, readAt, byCustomer }) =>
      state.use(async () => {
        const held = readingForMeter(state.store, meterId, reading);
        if (!held.ok) throw new AppError('invalid_request', readingRefused(held.problem));
        const text = held.reading;
        const typed = await state.actions.typeReading(meterId, text, readAt, byCustomer === true);
        if (refusedInOffice(typed)) throw changedInOffice(typed);
        if (!typed) throw unknownMeter(meterId);
        changed(state.store.meters.photoIdsOf(meterId));
        return detail(meterId);
      }),

    saveTemplate: ({ templateJson }) =>
      state.use(() => {
        const text = exportTemplateJson(parseTemplate(templateJson));
        state.actions.saveTemplate(text);
        return { templateJson: text };
      }),

    readTemplateFile: ({ path }) =>
      state.use(async () => {
        const read = await readExportTemplateFile(path);
        if (!read.ok) throw new AppError('invalid_request', templateInvalid(read.errors));
        return { templateJson: exportTemplateJson(read.value) };
      }),

    writeTemplateFile: ({ path, templateJson }) =>
      state.use(async () => {
        await writeExportTemplateFile(path, parseTemplate(templateJson));
        state.exported.add(path);
        return { path, rows: 1 };
      }),

    writeMissing: ({ path, language }) =>
      state.use(async () => {
        // Office mode: the office's field list (office-missing.ts, as `routes --missing --office`);
        // an office slower than the wait gets this desk's own list.
        const desk = await answerWithin(
          state.office.time,
          OFFICE_COUNTS_WAIT_MS,
          () => state.office.running(),
          null,
        );
        const office = desk
          ? await answerWithin(
              state.office.time,
              OFFICE_FIELD_LIST_WAIT_MS,
              () => officeMissingMeters(desk.office),
              null,
            )
          : null;
        // Either list in the dialect its sheets came in; the office's without one in this desk's.
        const dialect = office?.dialect ?? sheetDialectOf(state.store);
        const missing = office ? office.missing : routeProgress(state.store).missing;
        const written = await writeMissingMeters(path, missing, language, dialect);
        state.exported.add(written.path);
        return written;
      }),

    writeBilling: ({ path, templateJson, scope }) =>
      state.use(async () => {
        const template = parseTemplate(templateJson);
        let readings = 0;
        let skipped = 0;
        const rows = function* (): Generator<BillingRow> {
          for (const row of scoped(state.store, scope)) {
            if (!row.unmatched && row.reading !== null) readings++;
            if (row.skipCode !== null) skipped++;
            yield row;
          }
        };
        try {
          const written = await exportBilling(rows(), path, template);
          state.exported.add(written.path);
          await state.actions.recordExport(scoped(state.store, scope));
          return {
            path: written.path,
            rows: written.rows,
            readings,
            skipped,
            unmatched: written.unmatched,
            replaced: written.replaced,
          };
        } catch (error) {
          if (error instanceof UnencodableError || error instanceof CsvExportError)
            throw new AppError('file_error', error.said);
          throw error;
        }
      }),
  };
}
