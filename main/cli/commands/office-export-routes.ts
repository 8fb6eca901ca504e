// `export <out.csv> --office URL` and `routes --office URL [--missing OUT]`: the office-wide billing
// CSV (every meter of every route, whichever desk read it), the office-wide route progress and its
// field list (main/office/office-missing.ts). Before either,
// this desk's own queue (--db, or the default one where it exists) publishes its routes and
// billing rows, so what it read is in. The URL's password is never printed.
import { existsSync } from 'node:fs';
import type { ExportTemplate } from '../../../common/billing/export-template';
import { progressTotal } from '../../billing/meter-readings';
import { readExportTemplateFile } from '../../billing/settings-files';
import { defaultDbFile } from '../../config/paths';
import { publishDesk } from '../../office/billing-publish';
import { defaultDeskName } from '../../office/office-desk';
import { writeMissingMeters } from '../../billing/missing-export';
import { exportOfficeBilling, officeRouteProgress } from '../../office/office-export';
import { officeMissingMeters } from '../../office/office-missing';
import { redactOfficeUrl } from '../../office/office-url';
import { openOfficeStore, type OfficeStore } from '../../office/store/office-store';
import { openStore } from '../../store/store';
import { systemClock } from '../../time/clock';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';
import { officeFailure } from './office-connection';
import { progressLine } from './route-flags';
import { routeTable } from './route-table';

export interface OfficeReportFlags {
  db?: string | undefined;
  desk?: string | undefined;
  json?: boolean | undefined;
}

/** This desk's queue into the office first, where it has route sheets; how many meters. */
async function publishOwnQueue(
  office: OfficeStore,
  flags: OfficeReportFlags,
  io: CliIo,
): Promise<number> {
  const file = flags.db ?? defaultDbFile(io.env);
  if (!existsSync(file)) return 0;
  const store = openStore(file);
  try {
    if (store.meters.count() === 0) return 0;
    const desk = flags.desk ?? defaultDeskName();
    const at = new Date(systemClock.now());
    await publishDesk(store, office, desk, at);
    return store.meters.count();
  } finally {
    store.close();
  }
}

/** Opens the office, checks its schema and publishes this desk's queue, then does `work`. */
export async function withOffice(
  url: string,
  flags: OfficeReportFlags,
  io: CliIo,
  work: (office: OfficeStore) => Promise<void>,
): Promise<number> {
  const office = openOfficeStore(url, { desk: flags.desk ?? defaultDeskName(), max: 2 });
  try {
    await office.checkSchema();
    await publishOwnQueue(office, flags, io);
    await work(office);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const { line, code } = officeFailure(error, url);
    io.err(`${line}\n`);
    return code;
  } finally {
    await office.close();
  }
}

async function templateOf(path: string | undefined): Promise<ExportTemplate | null> {
  if (path === undefined) return null;
  const read = await readExportTemplateFile(path);
  if (!read.ok) throw new UsageError(`--template ${path}: ${read.errors.join(' ')}`);
  return read.value;
}

export async function officeExportCommand(
  url: string,
  out: string,
  flags: OfficeReportFlags & { template?: string | undefined },
  io: CliIo,
): Promise<number> {
  const template = await templateOf(flags.template);
  return withOffice(url, flags, io, async (office) => {
    const written = await exportOfficeBilling(office, out, template);
    if (flags.json) {
      io.out(`${JSON.stringify(written)}\n`);
      return;
    }
    const from = written.desks.map((d) => `${d.desk} ${d.rows}`).join(', ');
    io.out(
      `Office billing export (${redactOfficeUrl(url)}): ${written.rows} rows to ${written.path}\n` +
        (from === '' ? 'No desk has published a meter yet.\n' : `Rows from: ${from}\n`),
    );
  });
}

/** `routes --office URL [--missing OUT]`: the office's routes, and its field list when asked. */
export async function officeRoutesCommand(
  url: string,
  flags: OfficeReportFlags & { missing?: string | undefined },
  io: CliIo,
): Promise<number> {
  return withOffice(url, flags, io, async (office) => {
    const routes = await officeRouteProgress(office);
    const list = flags.missing === undefined ? null : await officeMissingMeters(office);
    if (flags.missing !== undefined && list)
      await writeMissingMeters(flags.missing, list.missing, 'en', list.dialect);
    if (flags.json) {
      io.out(`${JSON.stringify(list ? { routes, missing: list.missing } : { routes })}\n`);
      return;
    }
    if (routes.length === 0) {
      io.out(`Office ${redactOfficeUrl(url)}: no route sheet is loaded yet.\n`);
      return;
    }
    io.out(routeTable(routes));
    const read = routes.reduce((n, r) => n + r.read, 0);
    io.out(`Office: ${progressLine(progressTotal(routes))}; ${read} read\n`);
    if (list)
      io.out(
        `${list.missing.length} meters for the field (no desk read them, re-reads, visit skips) ` +
          `written to ${flags.missing ?? ''}\n`,
      );
  });
}
