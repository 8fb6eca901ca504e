import { parseArgs } from 'node:util';
import { createSandbox } from '../../../sandbox';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';

/** Runs the built-in sandbox service standalone until interrupted. */
export async function sandboxCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: 'string' }, host: { type: 'string' } },
  });
  const port = values.port === undefined ? 8787 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError('--port takes a port number');
  const sandbox = await createSandbox({ port, ...(values.host ? { host: values.host } : {}) });
  io.out(
    `MeterDesk sandbox listening on ${sandbox.url}\n` +
      `API key: ${sandbox.apiKey}\n` +
      `Try: METER_DESK_BASE_URL=${sandbox.url} METER_DESK_API_KEY=<key> meter-desk run <folder>\n` +
      'Press Ctrl-C to stop.\n',
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await sandbox.close();
  return EXIT.ok;
}
