// A benchmark module run on its own (`npx tsx bench/<name>.ts [--quick]`) instead of through
// bench/run.ts: the same run, its table printed on stdout.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Benchmark } from '../benchmark';
import { renderTable } from './table';

/** Runs `bench` when the module at `moduleUrl` is the script node was started with. */
export function runAloneIfMain(bench: Benchmark, moduleUrl: string): void {
  if (process.argv[1] === undefined || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
  bench
    .run({
      quick: values.quick,
      jobs: undefined,
      log: (line) => process.stderr.write(`   ${line}\n`),
    })
    .then((table) => {
      process.stdout.write(`${renderTable(table)}\n`);
    })
    .catch((error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 1;
    });
}
