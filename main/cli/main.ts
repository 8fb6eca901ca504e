import { pathToFileURL } from 'node:url';
import { isApiError } from '../api/errors';
import { describeNetwork, networkFromEnv } from '../api/network';
import { tryMoveRoamingData } from '../config/roaming-move';
import { QueueInUseError } from '../store/queue-owner';
import { aiStatusCommand, quotaCommand, tasksCommand } from './commands/remote';
import { demoCommand } from './commands/demo';
import { HISTORY_USAGE, historyCommand } from './commands/history';
import { INSPECTION_USAGE } from './commands/inspection';
import { exportCommand, statusCommand } from './commands/local';
import { loginCommand, logoutCommand } from './commands/login';
import { OFFICE_USAGE, officeCommand } from './commands/office';
import { officeDemoCommand } from './commands/office-demo';
import { RUN_USAGE, runCommand } from './commands/run';
import { ROUTES_USAGE, routesCommand } from './commands/routes';
import { sandboxCommand } from './commands/sandbox';
import { WATCH_USAGE, watchCommand } from './commands/watch';
import { AuthError, EXIT, UsageError } from './exit-codes';
import { openCliLog, takeLogFile, teeToLog, type LoggedArgs } from './log-file';
import { processIo, type CliIo } from './output';

const USAGE = `MeterDesk: water-meter photos in, billing-ready readings out.

Usage:
  ${RUN_USAGE}
  ${WATCH_USAGE}
  meter-desk status [--db FILE] [--json]          counts in the local queue
  ${ROUTES_USAGE}
  ${HISTORY_USAGE}
  ${INSPECTION_USAGE}
  meter-desk export <out.csv> [--filter F] [--db FILE] [--no-bom] [--delimiter ;]
  meter-desk export <return-file> --return-file [--db FILE]
                                                  the loaded order file given back with the readings in,
                                                  and <name>.exceptions.csv beside it
  meter-desk export <return-file> --return-file --office URL [--desk NAME]
                                                  the office-wide return file, every desk's readings
  meter-desk export <billing.csv> --office URL [--template billing.json] [--desk NAME]
                                                  the office-wide billing CSV, every meter of every route
  meter-desk quota [--base-url URL] [--json]
  meter-desk ai-status [--base-url URL] [--json]
  meter-desk tasks [--limit N] [--base-url URL] [--json]
  meter-desk login --base-url URL                 reads the API key from standard input
  meter-desk logout --base-url URL
  meter-desk sandbox [--port N]                   run the built-in sandbox service
  meter-desk demo [--count N] [--seed N] [--dir DIR]
  ${OFFICE_USAGE}
  meter-desk office demo [--count N] [--dir DIR]  three desks, one throwaway PostgreSQL (npm run office:demo)

Any command takes --log-file PATH: what it says on standard error also goes to that file, each
line with its time, rotated at 5 MB (PATH.1, .2, .3 kept). Behind a proxy, HTTPS_PROXY, HTTP_PROXY
and NO_PROXY are honoured; METER_DESK_CA_FILE names a PEM file of CAs trusted besides the default.

The service is --base-url or METER_DESK_BASE_URL; the key is METER_DESK_API_KEY or the keychain
entry written by "meter-desk login". With no service configured, "run" uses the built-in sandbox.
Exit codes: 0 all files final ("watch": stopped by Ctrl-C or SIGTERM), 2 usage/configuration,
3 key rejected or permission denied, 4 stopped with files still queued, 5 the queue is in use by
another MeterDesk (the window or another run; "run --wait" and "watch --wait" wait for it).
`;

type Command = (argv: string[], io: CliIo) => Promise<number> | number;

const COMMANDS: Record<string, Command> = {
  run: (a, io) => runCommand(a, io),
  watch: (a, io) => watchCommand(a, io),
  status: statusCommand,
  routes: routesCommand,
  history: historyCommand,
  export: exportCommand,
  quota: quotaCommand,
  'ai-status': aiStatusCommand,
  tasks: tasksCommand,
  login: loginCommand,
  logout: logoutCommand,
  sandbox: sandboxCommand,
  demo: demoCommand,
  office: (a, io) => (a[0] === 'demo' ? officeDemoCommand(a.slice(1), io) : officeCommand(a, io)),
};

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  let args: LoggedArgs;
  try {
    args = takeLogFile(argv);
  } catch (err) {
    io.err(`${(err as Error).message}\n`);
    return EXIT.usage;
  }
  if (args.logFile === null) return dispatch(args.argv, io);
  const log = openCliLog(args.logFile);
  const what = `meter-desk ${args.argv[0] ?? ''}`.trim();
  try {
    log.write(`${what} started; network: ${describeNetwork(networkFromEnv(io.env))}`);
  } catch (err) {
    io.err(`The log file ${args.logFile} cannot be written: ${(err as Error).message}\n`);
    return EXIT.usage;
  }
  try {
    const code = await dispatch(args.argv, teeToLog(io, log));
    log.write(`${what} ended with exit code ${code}`);
    return code;
  } finally {
    log.close();
  }
}

async function dispatch(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const moved = tryMoveRoamingData(io.env);
  if (moved.moved) io.err(`MeterDesk's data moved from ${moved.from} to ${moved.to}.\n`);
  else if ('problem' in moved) io.err(`${moved.problem}\n`);
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.out(USAGE);
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${USAGE}`);
    return EXIT.usage;
  }
  try {
    return await command(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n`);
      return EXIT.usage;
    }
    if (err instanceof AuthError) {
      io.err(`${err.message}\n`);
      return EXIT.auth;
    }
    if (err instanceof QueueInUseError) {
      io.err(`${err.message}\n(Or pass --wait to wait until it is free.)\n`);
      return EXIT.busy;
    }
    // parseArgs reports unknown or malformed flags with this code.
    if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${(err as Error).message}\n`);
      return EXIT.usage;
    }
    io.err(`Error: ${isApiError(err) || err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(EXIT.error);
    },
  );
}
