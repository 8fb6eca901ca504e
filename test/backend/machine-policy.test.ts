// A machine policy IT wrote to the JSON file (the Linux place; the registry and managed
// preferences carry the same keys) presets and locks the service address through the backend:
// the window sees it and that it is locked, a change of it is refused with locked_by_policy
// naming the file, and a preset that is not locked stays the person's to change.
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPolicyFile } from '../../main/config/policy';
import { openDesktop, value, type Desktop } from '../ipc/helpers/desktop';
import { tempDir } from '../helpers/tmp';

const LOCKED_URL = 'https://meters.office.example';

let desk: Desktop | null = null;
let t: { dir: string; cleanup: () => void } | null = null;
afterEach(async () => {
  await desk?.close();
  desk = null;
  t?.cleanup();
  t = null;
});

async function withPolicy(policy: object): Promise<{ desk: Desktop; file: string }> {
  t = tempDir('meterdesk-policy-');
  const file = join(t.dir, 'policy.json');
  writeFileSync(file, JSON.stringify(policy));
  desk = await openDesktop({ policy: readPolicyFile(file) });
  return { desk, file };
}

describe('a machine policy', () => {
  it('presets and locks the service address; a change is refused with locked_by_policy', async () => {
    const { desk, file } = await withPolicy({
      serviceUrl: LOCKED_URL,
      hideSandbox: true,
      locked: ['serviceUrl'],
    });
    const settings = value(await desk.bridge.getSettings());
    expect(settings.baseUrl).toBe(LOCKED_URL);
    expect(settings.useSandbox).toBe(false);
    expect(settings.policy).toEqual({
      locked: ['serviceUrl'],
      hideSandbox: true,
      source: file,
      problem: null,
    });

    const changed = await desk.bridge.setSettings({ baseUrl: 'https://elsewhere.example' });
    expect(changed.ok ? null : changed.error).toEqual({
      code: 'locked_by_policy',
      message: `This setting is fixed by this computer's policy (${file}); ask IT to change it.`,
      said: { code: 'lockedByPolicy', params: { source: file } },
    });
    const saved = await desk.bridge.validateConnection({
      baseUrl: 'https://elsewhere.example',
      apiKey: 'md_some_key_123456789',
      save: true,
    });
    expect(saved.ok ? null : saved.error.code).toBe('locked_by_policy');
    const sandbox = await desk.bridge.startSandbox({});
    expect(sandbox.ok ? null : sandbox.error.code).toBe('locked_by_policy');
    // Saving the same address again, or another setting, is not a change of it.
    expect(
      value(await desk.bridge.setSettings({ baseUrl: LOCKED_URL, business: 'b' })).baseUrl,
    ).toBe(LOCKED_URL);
    expect(value(await desk.bridge.getSettings()).baseUrl).toBe(LOCKED_URL);
  });

  it('refuses changes of locked photo-check limits and office settings', async () => {
    const { desk } = await withPolicy({ locked: ['photoChecks', 'office'] });
    const { thresholds } = value(await desk.bridge.photoChecks());
    const limits = await desk.bridge.setPhotoCheckThresholds(thresholds);
    expect(limits.ok ? null : limits.error.code).toBe('locked_by_policy');
    const office = await desk.bridge.saveOffice({
      settings: {
        host: 'db.office.example',
        port: 5432,
        database: 'meterdesk',
        user: 'desk',
        desk: 'anna@pc-7',
        sslmode: 'verify-full',
      },
    });
    expect(office.ok ? null : office.error.code).toBe('locked_by_policy');
    // Saving what is there already (no office) is not a change.
    expect(value(await desk.bridge.saveOffice({ settings: null })).settings).toBeNull();
  });

  it('presets a service address that is not locked: the person may change it', async () => {
    const { desk } = await withPolicy({ serviceUrl: LOCKED_URL });
    expect(value(await desk.bridge.getSettings()).baseUrl).toBe(LOCKED_URL);
    const changed = value(await desk.bridge.setSettings({ baseUrl: 'https://elsewhere.example' }));
    expect(changed.baseUrl).toBe('https://elsewhere.example');
    expect(changed.policy.locked).toEqual([]);
  });

  it('presets and locks the photo-check limits and the office from the policy', async () => {
    const { desk } = await withPolicy({
      photoChecks: { minShortSide: 900, maxDarkShare: 0.5, minSharpness: 'soft' },
      officeUrl: 'postgres://desk_role@127.0.0.1:9/meterdesk?sslmode=require',
      officeDeskName: 'desk {computer}',
      locked: ['photoChecks', 'office'],
    });
    const { thresholds, defaults } = value(await desk.bridge.photoChecks());
    // A value out of its kind is left out: the default stays.
    expect(thresholds).toEqual({ ...defaults, minShortSide: 900, maxDarkShare: 0.5 });
    const office = value(await desk.bridge.getOffice());
    expect(office.settings).toEqual({
      host: '127.0.0.1',
      port: 9,
      database: 'meterdesk',
      user: 'desk_role',
      desk: `desk ${hostname()}`,
      sslmode: 'require',
    });
    // The desk's own password for the office IT fixed may still be saved.
    const saved = await desk.bridge.saveOffice({
      settings: office.settings,
      password: 'the desk role password',
    });
    expect(value(saved).passwordSaved).toBe(true);
  });

  it('presets photo-check limits a queue does not have yet; the person may change them', async () => {
    const { desk } = await withPolicy({ photoChecks: { minShortSide: 900 } });
    const { thresholds } = value(await desk.bridge.photoChecks());
    expect(thresholds.minShortSide).toBe(900);
    const changed = { ...thresholds, minShortSide: 700 };
    expect(value(await desk.bridge.setPhotoCheckThresholds(changed)).thresholds.minShortSide).toBe(
      700,
    );
  });

  it('is ignored as a whole when it is not valid, and the window is told why', async () => {
    const { desk, file } = await withPolicy({ serviceUrl: LOCKED_URL, locked: ['everything'] });
    const settings = value(await desk.bridge.getSettings());
    expect(settings.baseUrl).not.toBe(LOCKED_URL);
    expect(settings.policy.locked).toEqual([]);
    expect(settings.policy.problem).toContain(`The machine policy ${file} is not valid (locked.0:`);
  });
});
