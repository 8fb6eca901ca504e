import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultDbFile } from '../../config/paths';
import { exportJobs } from '../../export/export-jobs';
import { JOB_FILTERS, type JobFilter } from '../../../common/job-query';
import type { ReasonCount } from '../../store/job-query';
import { QueueOwnership } from '../../store/queue-owner';
import { openStore } from '../../store/store';
import { systemClock } from '../../time/clock';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';
import { countsLine } from '../progress';
import { csvOptions, CSV_FLAGS } from './csv-flags';
import { OFFICE_FLAGS, officeUrl } from './office-connection';
import { inspectionCommand } from './inspection';
import { officeExportCommand } from './office-export-routes';
import { officeReturnFileCommand, returnFileCommand } from './return-file';

function openExisting(db: string | undefined, io: CliIo): ReturnType<typeof openStore> {
  const file = db ?? defaultDbFile(io.env);
  if (!existsSync(file))
    throw new UsageError(`No queue at ${file} yet: run "meter-desk run <folder>" first.`);
  return openStore(file);
}

/** One line of "why": the service's words for what waits or failed. */
function reasonLine(r: ReasonCount): string {
  const kind = r.kind ? ` [${r.kind}]` : '';
  return r.state === 'submitted'
    ? `  ${r.n} waiting at the service (${r.status ?? 'status unknown'}): ${r.reason}`
    : `  ${r.n} failed${kind}: ${r.reason || 'no reason given'}`;
}

/** Counts by state from the local queue; no network. */
export function statusCommand(argv: string[], io: CliIo): number {
  const { values } = parseArgs({
    args: argv,
    options: { db: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const store = openExisting(values.db, io);
  try {
    const counts = store.jobs.counts();
    const roots = store.roots
      .list()
      .map((r) => ({ path: r.path, counts: store.jobs.counts(r.id) }));
    const reasons = store.queries.reasons();
    const owner = QueueOwnership.currentOwner(store.db, systemClock);
    if (values.json)
      io.out(`${JSON.stringify({ db: store.file, counts, roots, reasons, owner })}\n`);
    else {
      io.out(`${store.file}\n${countsLine(counts)}\n`);
      if (owner)
        io.out(`In use by ${owner.label} (process ${owner.pid}, since ${owner.startedAt})\n`);
      for (const r of roots) io.out(`  ${r.path}: ${countsLine(r.counts)}\n`);
      for (const r of reasons) io.out(`${reasonLine(r)}\n`);
    }
    return EXIT.ok;
  } finally {
    store.close();
  }
}

/** Writes the billing CSV from the local queue; no network. */
export async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      filter: { type: 'string' },
      json: { type: 'boolean', default: false },
      template: { type: 'string' },
      'return-file': { type: 'boolean', default: false },
      inspection: { type: 'boolean', default: false },
      ...CSV_FLAGS,
      ...OFFICE_FLAGS,
    },
  });
  const out = positionals[0];
  if (!out)
    throw new UsageError(
      'Usage: meter-desk export <out.csv> [--filter all|done|failed|...] [--no-bom] [--delimiter ;]\n' +
        '       meter-desk export <billing.csv> --office URL [--template billing.json] [--desk NAME]\n' +
        '       meter-desk export <return-file> --return-file [--office URL] [--db FILE]',
    );
  if (values.inspection) return inspectionCommand(out, values, io);
  // The office-wide billing CSV: one row per meter of every route, whichever desk read it.
  const office = officeUrl(values.office, io);
  // The office-wide return file: the office's copy of the order file, every desk's readings.
  if (office !== null && values['return-file'])
    return officeReturnFileCommand(office, out, values, io);
  if (office !== null) return officeExportCommand(office, out, values, io);
  if (values.template !== undefined)
    throw new UsageError(
      '--template is for the billing export: --office, or run --route --export.',
    );
  if (values['return-file']) {
    const store = openExisting(values.db, io);
    try {
      return await returnFileCommand(store, out, io, values.json);
    } finally {
      store.close();
    }
  }
  const filter = (values.filter ?? 'all') as JobFilter;
  if (!JOB_FILTERS.includes(filter))
    throw new UsageError(`--filter must be one of ${JOB_FILTERS.join(', ')}`);
  const store = openExisting(values.db, io);
  try {
    const result = await exportJobs(store, { filter }, out, csvOptions(values));
    io.out(
      values.json
        ? `${JSON.stringify(result)}\n`
        : `Exported ${result.rows} rows to ${result.path}\n`,
    );
    return EXIT.ok;
  } finally {
    store.close();
  }
}
