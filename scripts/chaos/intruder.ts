// A second MeterDesk process on the chaos run's queue: `meter-desk run` started on the same queue
// file while the engine works on it. One writer per queue: it must be refused (exit 5, naming
// the owner) without touching the queue or sending anything.
import { spawn } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../..');

export interface IntruderOutcome {
  readonly code: number | null;
  readonly stderr: string;
}

export function startIntruder(env: {
  dbFile: string;
  baseUrl: string;
  apiKey: string;
  photos: string;
}): Promise<IntruderOutcome> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['bin/meter-desk.js', 'run', env.photos, '--db', env.dbFile, '--json'],
      {
        cwd: REPO,
        env: { ...process.env, METER_DESK_BASE_URL: env.baseUrl, METER_DESK_API_KEY: env.apiKey },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString('utf8')).slice(-2_000);
    });
    child.once('exit', (code) => {
      resolve({ code, stderr });
    });
  });
}
