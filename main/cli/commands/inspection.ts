// `meter-desk export <inspection.csv> --inspection [--db FILE]`: the inspection list from the
// queue's history (issue 33): stopped meters, use on vacant accounts, then the meters whose use
// falls fastest since their last exchange. No network.
import { existsSync } from 'node:fs';
import { exportInspection } from '../../billing/history/inspection-export';
import { defaultDbFile } from '../../config/paths';
import { openStore } from '../../store/store';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';
import { csvOptions } from './csv-flags';

export const INSPECTION_USAGE =
  'meter-desk export <inspection.csv> --inspection [--db FILE]\n' +
  '                                                  meters to inspect, from the imported history';

export async function inspectionCommand(
  out: string,
  values: {
    db?: string | undefined;
    json?: boolean | undefined;
    'no-bom'?: boolean | undefined;
    delimiter?: string | undefined;
  },
  io: CliIo,
): Promise<number> {
  const file = values.db ?? defaultDbFile(io.env);
  if (!existsSync(file))
    throw new UsageError(
      `No queue at ${file} yet: import a history first ("meter-desk history import").`,
    );
  const store = openStore(file);
  try {
    if (store.history.counts().readings === 0)
      throw new UsageError(
        `The queue at ${file} holds no history: import one first ("meter-desk history import FILE").`,
      );
    const result = await exportInspection(store, out, csvOptions(values));
    io.out(
      values.json === true
        ? `${JSON.stringify(result)}\n`
        : `Wrote ${String(result.rows)} meters to inspect to ${result.path}\n`,
    );
    return EXIT.ok;
  } finally {
    store.close();
  }
}
