// `meter-desk --log-file PATH <command>`: everything the command says on standard error (its
// progress, the engine's log lines, its errors) also goes to a rotating log file IT can collect,
// with the time of each line. The CLI never prints the API key, so neither does the file.
import { RotatingLog } from '../logs/rotating-log';
import { systemClock } from '../time/clock';
import type { CliIo } from './output';
import { UsageError } from './exit-codes';

export interface LoggedArgs {
  readonly argv: string[];
  readonly logFile: string | null;
}

/** Takes `--log-file PATH` (or `--log-file=PATH`) from before or after the command's name. */
export function takeLogFile(argv: readonly string[]): LoggedArgs {
  const rest: string[] = [];
  let logFile: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (arg === '--log-file' || arg.startsWith('--log-file=')) {
      const value = arg === '--log-file' ? argv[++i] : arg.slice('--log-file='.length);
      if (value === undefined || value === '' || value.startsWith('--')) {
        throw new UsageError('--log-file takes the path of the log file.');
      }
      logFile = value;
      continue;
    }
    rest.push(arg);
  }
  return { argv: rest, logFile };
}

/** The command's io with standard error also written, line by line, to the log file. */
export function teeToLog(io: CliIo, log: RotatingLog): CliIo {
  let pending = '';
  return {
    ...io,
    err: (text) => {
      io.err(text);
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') log.write(line);
    },
  };
}

export function openCliLog(file: string): RotatingLog {
  return new RotatingLog({ file, clock: systemClock });
}
