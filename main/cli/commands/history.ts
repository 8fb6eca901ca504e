// `meter-desk history import FILE [--db DB] [--month-first] [--office URL]`: a billing system's
// history of readings into the queue (issue 33), and in office mode into the office's history
// (office migration 012), which the office's derivation and every desk's checks then use. Every
// line not taken is named with its line and reason on standard error; the exit code is 0 only
// when every line was taken (or was there already).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { historyProblemEnglish } from '../../../common/billing/history-import-problems';
import { QueueActions } from '../../actions/queue-actions';
import { defaultDeskName } from '../../office/office-desk';
import { OfficeFirstGate } from '../../office/office-first';
import { openOfficeStore, type OfficeStore } from '../../office/store/office-store';
import { defaultDbFile } from '../../config/paths';
import { openStore } from '../../store/store';
import { systemClock } from '../../time/clock';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';
import { OFFICE_FLAGS, officeFailure, officeUrl } from './office-connection';

export const HISTORY_USAGE =
  'meter-desk history import <file.csv> [--db FILE] [--month-first] [--office URL [--desk NAME]] [--json]\n' +
  '                                                  per-meter readings (meter_id,read_at,reading,read_type);\n' +
  "                                                  with --office into the office's history";

/** Lines named at most, so a file of junk does not flood the terminal (the count is said). */
const MAX_PROBLEM_LINES = 200;

export async function historyCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      'month-first': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      ...OFFICE_FLAGS,
    },
  });
  const [verb, file] = positionals;
  if (verb !== 'import' || file === undefined) throw new UsageError(`Usage: ${HISTORY_USAGE}`);
  if (!existsSync(file)) throw new UsageError(`No file at ${file}.`);
  const url = officeUrl(values.office, io);
  const desk = values.desk ?? defaultDeskName();
  const office = url === null ? null : openOfficeStore(url, { desk });
  const store = openStore(values.db ?? defaultDbFile(io.env));
  try {
    await office?.checkSchema();
    const gate = office && officeGate(office, desk);
    const actions = new QueueActions({
      store: () => store,
      engine: () => null,
      clock: systemClock,
      office: () => gate,
    });
    const result = await actions.importHistory(
      file,
      values['month-first'] ? 'month_first' : 'day_first',
    );
    const counts = office ? await office.historyCounts() : store.history.counts();
    const holder = office ? 'The office' : 'The queue';
    if (values.json) {
      io.out(
        `${JSON.stringify({ ...result, meterIds: undefined, meters: result.meterIds.length, stored: counts })}\n`,
      );
    } else {
      io.out(
        `Read ${String(result.lines)} lines for ${String(result.meterIds.length)} meters: ` +
          `${String(result.added)} readings added, ${String(result.unchanged)} already there, ` +
          `${String(result.problems.length)} not taken.\n` +
          `${holder} now holds ${String(counts.readings)} history readings of ${String(counts.meters)} meters.\n`,
      );
      for (const p of result.problems.slice(0, MAX_PROBLEM_LINES))
        io.err(`${historyProblemEnglish(p)}\n`);
      if (result.problems.length > MAX_PROBLEM_LINES)
        io.err(
          `... and ${String(result.problems.length - MAX_PROBLEM_LINES)} more lines not taken.\n`,
        );
    }
    return result.problems.length === 0 ? EXIT.ok : EXIT.usage;
  } catch (error) {
    if (url === null) throw error;
    const { line, code } = officeFailure(error, url);
    io.err(`${line}\n`);
    return code;
  } finally {
    store.close();
    await office?.close();
  }
}

/** The office asked as this desk, always there: the command fails when the office does. */
function officeGate(office: OfficeStore, desk: string): OfficeFirstGate {
  return new OfficeFirstGate({
    running: () => Promise.resolve({ office }),
    me: () => ({ desk, clerk: desk.split('@')[0] ?? desk }),
    clock: () => systemClock,
    time: systemClock,
  });
}
