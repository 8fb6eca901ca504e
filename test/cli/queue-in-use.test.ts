// The CLI and the window never drive one queue together, and agree on where it lives.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { openStore } from '../../main/store/store';
import { captureIo } from '../helpers/cli-io';
import { harness, waitFor, type Harness } from '../helpers/engine-harness';
import { meterDeskCli } from '../helpers/built-app';
import { tempDir } from '../helpers/tmp';

const run = promisify(execFile);

let h: Harness | undefined;
let cleanup: () => void = () => undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  cleanup();
});

describe('one queue, one writer, one place', () => {
  it('`run` on a queue the window has open stops at once, naming it, and sends nothing', async () => {
    h = await harness({ photos: 3, duplicates: 0 });
    const window = h.open({}, 'the MeterDesk window');
    const failed = await run(
      process.execPath,
      [await meterDeskCli(), 'run', h.photos, '--db', h.dbFile],
      {
        env: {
          ...process.env,
          METER_DESK_BASE_URL: h.sandbox.url,
          METER_DESK_API_KEY: h.sandbox.apiKey,
        },
      },
    ).then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(5);
    expect(failed?.stderr).toContain('in use by the MeterDesk window');
    expect(failed?.stderr).toContain(`process ${process.pid}`);
    expect(failed?.stderr).toContain('--wait');
    expect(h.sandbox.ledger.counts().tasksCreated).toBe(0);
    expect(window.store.jobs.counts().total).toBe(0);
  }, 60_000);

  it('`run --wait` waits for the queue to be free, then reads everything', async () => {
    h = await harness({ photos: 3, duplicates: 0 });
    const window = h.open({}, 'the MeterDesk window');
    const child = spawn(
      process.execPath,
      [await meterDeskCli(), 'run', h.photos, '--db', h.dbFile, '--wait'],
      {
        env: {
          ...process.env,
          METER_DESK_BASE_URL: h.sandbox.url,
          METER_DESK_API_KEY: h.sandbox.apiKey,
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await waitFor(() => stderr.includes('Waiting until it is free'), 30_000);
    expect(h.sandbox.ledger.counts().tasksCreated).toBe(0);
    await window.close();
    expect(await exited).toBe(0);
    expect(stdout).toContain('Every file is final');
    expect(h.sandbox.ledger.counts().tasksCreated).toBe(3);
  }, 60_000);

  it('the CLI uses the data folder chosen in the app settings', async () => {
    const t = tempDir('meterdesk-datadir-');
    cleanup = t.cleanup;
    const userDir = join(t.dir, 'user');
    const chosen = join(t.dir, 'office share', 'MeterDesk data');
    mkdirSync(userDir, { recursive: true });
    mkdirSync(chosen, { recursive: true });
    writeFileSync(join(userDir, 'settings.json'), JSON.stringify({ dataDir: chosen }));
    openStore(join(chosen, 'queue.sqlite')).close();
    const io = captureIo({ METER_DESK_DATA_DIR: userDir });
    expect(await main(['status'], io)).toBe(0);
    expect(io.stdout()).toContain(join(chosen, 'queue.sqlite'));
  });
});
