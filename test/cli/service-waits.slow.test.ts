// `meter-desk run` while the AI is offline and the key may not read AI status: after the default
// quiet time (EngineConfig.quietReportMs, 10 s) the output names the service's own wait reason,
// and the run ends with every reading once the AI is back. Slow: it waits out the real default;
// test/engine/deployments/ai-offline.test.ts covers the engine with a short quiet time.
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { captureIo } from '../helpers/cli-io';
import { harness, waitFor, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('meter-desk run while tasks wait at the service', () => {
  it("prints the service's wait reason when nothing finishes, and exits 0 once the AI is back", async () => {
    h = await harness({
      photos: 2,
      duplicates: 0,
      subfolders: false,
      sandbox: { profile: 'ai-offline-no-status' },
    });
    const sb = h.sandbox;
    const io = captureIo({ METER_DESK_BASE_URL: sb.url, METER_DESK_API_KEY: sb.apiKey });
    const run = main(['run', h.photos, '--db', h.dbFile, '--batch', 'never'], io);
    const reason = (): string =>
      sb.ledger.tasks().find((t) => t.status === 'waiting_ai')?.errorMessage ?? '';
    await waitFor(
      () => reason() !== '' && io.stderr().includes('Nothing has finished for'),
      30_000,
      io.stderr,
    );
    expect(io.stderr()).toContain(`The service says: "${reason()}"`);
    sb.control.setAiOnline(true);
    expect(await run).toBe(0);
  });
});
