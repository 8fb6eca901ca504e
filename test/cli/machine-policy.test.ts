// The CLI under a machine policy: the policy's service address is the default, a locked one
// refuses another (exit 2, naming the policy), and its CA file is trusted like METER_DESK_CA_FILE.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readThresholds } from '../../main/photo-checks/thresholds';
import { openStore } from '../../main/store/store';
import { main } from '../../main/cli/main';
import { createSandbox, type Sandbox } from '../../sandbox';
import { captureIo } from '../helpers/cli-io';
import { tempDir } from '../helpers/tmp';

let sandbox: Sandbox;
let t: { dir: string; cleanup: () => void };
beforeAll(async () => {
  t = tempDir('meterdesk-cli-policy-');
  sandbox = await createSandbox();
});
afterAll(async () => {
  await sandbox.close();
  t.cleanup();
});

function policyFile(policy: object): string {
  const file = join(t.dir, `policy-${String(Math.random()).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(policy));
  return file;
}

describe('the CLI under a machine policy', () => {
  it('uses the policy service address and refuses another when it is locked', async () => {
    const file = policyFile({ serviceUrl: sandbox.url, locked: ['serviceUrl'] });
    const env = { METER_DESK_API_KEY: sandbox.apiKey, METER_DESK_POLICY_FILE: file };
    const io = captureIo(env);
    expect(await main(['quota'], io)).toBe(0);
    expect(io.stdout()).toMatch(/remaining/);

    const other = captureIo(env);
    expect(await main(['quota', '--base-url', 'https://elsewhere.example'], other)).toBe(2);
    expect(other.stderr()).toContain(
      `The service address is fixed by this computer's policy (${file}): ${sandbox.url}.`,
    );
  });

  it('writes the policy photo-check limits into the queue a run uses', async () => {
    const photos = join(t.dir, 'photos');
    mkdirSync(photos);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(photos, '4711.jpg'), jpeg);
    const db = join(t.dir, 'policy-queue.sqlite');
    const file = policyFile({
      serviceUrl: sandbox.url,
      photoChecks: { minShortSide: 900, maxBrightShare: 0.4 },
      locked: ['photoChecks'],
    });
    const io = captureIo({ METER_DESK_API_KEY: sandbox.apiKey, METER_DESK_POLICY_FILE: file });
    await main(['run', photos, '--db', db], io);
    const store = openStore(db);
    try {
      expect(readThresholds(store.settings)).toMatchObject({
        minShortSide: 900,
        maxBrightShare: 0.4,
      });
      expect(store.jobs.heldByReason()).toEqual({ too_small: 1 });
    } finally {
      store.close();
    }
  });

  it('names a policy CA file that cannot be read', async () => {
    const missing = join(t.dir, 'office-ca.pem');
    const file = policyFile({ serviceUrl: sandbox.url, caFile: missing });
    const io = captureIo({ METER_DESK_API_KEY: sandbox.apiKey, METER_DESK_POLICY_FILE: file });
    expect(await main(['quota'], io)).toBe(2);
    expect(io.stderr()).toContain(`The CA file ${missing} cannot be read (ENOENT).`);
  });
});
