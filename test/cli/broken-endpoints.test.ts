// `meter-desk run` against a deployment with one endpoint broken: the run finishes, and what the
// service did is said in plain words (a failing task list, an AI status answering 503 after a
// network cut).
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { captureIo } from '../helpers/cli-io';
import { harness, waitFor, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A run with a hang guard: one that never ends fails, showing what it said. */
async function ended(run: Promise<number>, said: () => string, guardMs = 45_000): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`the run never ended; it said:\n${said()}`));
    }, guardMs);
  });
  try {
    return await Promise.race([run, guard]);
  } finally {
    clearTimeout(timer);
  }
}

describe('meter-desk run with one endpoint broken', () => {
  it('a task list answering 500: every photo read, and the run says the list is failing', async () => {
    h = await harness({ photos: 10, duplicates: 0, sandbox: { profile: 'list-500' } });
    const io = captureIo({
      METER_DESK_BASE_URL: h.sandbox.url,
      METER_DESK_API_KEY: h.sandbox.apiKey,
    });
    // The AI holds every reading until the run has asked the list for them: on a busy machine
    // the uploads' own answers could otherwise make every photo final before the list is asked.
    const sandbox = h.sandbox;
    sandbox.control.setAiOnline(false);
    const run = main(['run', h.photos, '--db', h.dbFile], io);
    await waitFor(() => io.stderr().includes('The task list is failing'), 30_000, io.stderr);
    sandbox.control.setAiOnline(true);
    const code = await ended(run, io.stderr);
    expect(code).toBe(0);
    expect(io.stderr()).toContain(
      'The task list is failing (the service answers 500); following tasks one by one',
    );
    expect(io.stdout() + io.stderr()).toContain('Every file is final');
    expect(io.stderr()).not.toContain('Service unreachable');
  });

  it('an AI status answering 503 and a network cut: reachable again once the network is back', async () => {
    h = await harness({
      photos: 8,
      duplicates: 0,
      sandbox: { profile: 'ai-status-503', ai: { latencyMs: 600, jitterMs: 0 } },
    });
    const io = captureIo({
      METER_DESK_BASE_URL: h.sandbox.url,
      METER_DESK_API_KEY: h.sandbox.apiKey,
    });
    const sandbox = h.sandbox;
    const run = main(['run', h.photos, '--db', h.dbFile, '--max-wait', '20'], io);
    await waitFor(() => sandbox.ledger.counts().tasksCreated > 0);
    sandbox.control.setNetworkDown(true);
    await waitFor(() => io.stderr().includes('Service unreachable'), 30_000, io.stderr);
    sandbox.control.setNetworkDown(false);
    expect(await ended(run, io.stderr)).toBe(0);
    const said = io.stderr();
    expect(said).toContain("The service's AI status is failing (it answers 503)");
    expect(said).toContain('Service reachable again; resuming');
    expect(io.stdout() + said).toContain('Every file is final');
  });
});
