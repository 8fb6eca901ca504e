// `meter-desk routes`: per route, how many meters passed their checks or were confirmed, how many
// are flagged, skipped, pending and missing; `--missing out.csv` writes the meters still without a
// reading, in walking order, for the readers to take back to the field. With --office, the whole
// office's (office-export-routes.ts).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { progressTotal, routeProgress } from '../../billing/meter-readings';
import { sheetDialectOf } from '../../billing/billing-export';
import { writeMissingMeters } from '../../billing/missing-export';
import { defaultDbFile } from '../../config/paths';
import { openStore } from '../../store/store';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';
import { OFFICE_FLAGS, officeUrl } from './office-connection';
import { officeRoutesCommand } from './office-export-routes';
import { progressLine } from './route-flags';
import { routeTable } from './route-table';

export const ROUTES_USAGE =
  "meter-desk routes [--db FILE] [--missing out.csv] [--json] [--office URL [--desk NAME]] (--office: the whole office's routes, and --missing its field list)";

export async function routesCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string' },
      missing: { type: 'string' },
      json: { type: 'boolean', default: false },
      ...OFFICE_FLAGS,
    },
  });
  const office = officeUrl(values.office, io);
  if (office !== null) return officeRoutesCommand(office, values, io);
  const file = values.db ?? defaultDbFile(io.env);
  if (!existsSync(file))
    throw new UsageError(
      `No queue at ${file} yet: run "meter-desk run <folder> --route sheet.csv" first.`,
    );
  const store = openStore(file);
  try {
    if (store.meters.count() === 0)
      throw new UsageError(
        'No route sheet is loaded: run "meter-desk run <folder> --route sheet.csv".',
      );
    const { routes, missing } = routeProgress(store);
    // In the dialect the sheet came in, as the office's list is (missing-export.ts).
    if (values.missing)
      await writeMissingMeters(values.missing, missing, 'en', sheetDialectOf(store));
    if (values.json) {
      io.out(`${JSON.stringify({ routes, missing })}\n`);
      return EXIT.ok;
    }
    io.out(routeTable(routes));
    const all = progressTotal(routes);
    io.out(`${progressLine(all)}\n`);
    if (values.missing) io.out(`${missing.length} missing meters written to ${values.missing}\n`);
    return EXIT.ok;
  } finally {
    store.close();
  }
}
