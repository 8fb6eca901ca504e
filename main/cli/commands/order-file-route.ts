// `run --route ORDERS [--route-format NAME|path.json]` when ORDERS is a billing system's order
// file (named, or recognised by content): loaded as a route, kept byte for byte for the return
// file; its exceptions printed, none of them stopping the load. Anything no profile recognises
// is left to the route-sheet load.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { exceptionEnglish } from '../../../common/billing/order-files/exception-english';
import type { OrderException } from '../../../common/billing/order-files/order-records';
import type { OrderProfile } from '../../../common/billing/order-files/profile';
import type { QueueActions } from '../../actions/queue-actions';
import { UsageError } from '../exit-codes';
import type { CliIo } from '../output';

const SHOWN = 30;

export function exceptionLine(e: OrderException): string {
  return `exception: ${e.reason} ${e.key || '-'} (line ${String(e.line)}): ${exceptionEnglish(e)}`;
}

export function printExceptions(
  exceptions: readonly OrderException[],
  say: (line: string) => void,
  limit = Infinity,
): void {
  for (const e of exceptions.slice(0, limit)) say(`${exceptionLine(e)}\n`);
  if (exceptions.length > limit)
    say(`... and ${String(exceptions.length - limit)} more exceptions\n`);
}

const PROBLEMS = {
  no_header: 'it has no header line',
  no_key_column: 'none of its columns is the profile\u2019s key or meter column',
  no_reading_column: 'it has no column for the reading',
  no_orders: 'it holds no order record',
} as const;

/** True when `route` was loaded as an order file; false: it is a route sheet. */
export async function loadOrderRoute(
  actions: QueueActions,
  route: string,
  profile: OrderProfile | null,
  io: CliIo,
  folders: readonly string[],
): Promise<boolean> {
  const bytes = new Uint8Array(await readFile(route));
  const fileTime = (await stat(route)).mtime.toISOString();
  const loaded = await actions.loadOrderFile(bytes, {
    name: basename(route),
    profile,
    fileTime,
    folders,
  });
  if (!loaded.ok && loaded.problem === 'not_an_order_file') return false;
  if (!loaded.ok)
    throw new UsageError(
      `The order file ${route} cannot be read as ${loaded.profile}: ${PROBLEMS[loaded.problem]}.` +
        (loaded.headers.length > 0 ? `\nIts columns: ${loaded.headers.join(', ')}.` : ''),
    );
  io.err(
    `Order file ${basename(route)} (${loaded.profile}, sha256 ${loaded.sha256.slice(0, 12)}): ` +
      `${String(loaded.records)} records, ${String(loaded.meters)} meters, ` +
      `${String(loaded.exceptions.length)} exceptions\n`,
  );
  printExceptions(
    loaded.exceptions,
    (l) => {
      io.err(`  ${l}`);
    },
    SHOWN,
  );
  return true;
}
