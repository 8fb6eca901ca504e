// `meter-desk run` while the service holds the client back: a maintenance window ends with every
// reading and is named in plain words; tasks that wait at the service have its reason printed.
import { afterEach, describe, expect, it } from 'vitest';
import { expectEveryReading, runCli } from '../helpers/cli-run';
import { harness, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('meter-desk run while the service holds', () => {
  it('a maintenance window: exit 0 with every reading, and the output says what happened', async () => {
    h = await harness({
      photos: 4,
      duplicates: 0,
      subfolders: false,
      sandbox: { profile: 'maintenance-window', faults: { maintenanceMs: 2_500 } },
    });
    const run = await runCli(h);
    expect(run.code).toBe(0);
    expectEveryReading(h);
    const said = run.stderr();
    expect(said).toContain('The service is unavailable for now (maintenance or overload)');
    expect(said).toContain('no photo fails for it');
    expect(said).toMatch(/The service answers again after \d+ s of unavailability/);
    // The progress line says it while it lasts, not only the log lines at its ends.
    expect(said).toMatch(
      /\| Service asks to wait \(the service says: Scheduled maintenance[^\n]*\), next try in \d+ s; no photo fails for it\n/,
    );
  });
});
