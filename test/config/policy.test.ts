// Where the machine policy is read from: METER_DESK_POLICY_FILE before the system's place; the
// Linux file; a missing file is no policy, a broken one a problem. The registry's `reg query`
// output is parsed into the same keys (read on Windows only, so its text is given here).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fromRegQuery, NO_POLICY, readMachinePolicy } from '../../main/config/policy';
import { tempDir } from '../helpers/tmp';

let t: { dir: string; cleanup: () => void } | null = null;
afterEach(() => {
  t?.cleanup();
  t = null;
});

describe('readMachinePolicy', () => {
  it('reads the file named by METER_DESK_POLICY_FILE on any system', () => {
    t = tempDir('meterdesk-policy-');
    const file = join(t.dir, 'policy.json');
    writeFileSync(
      file,
      JSON.stringify({ officeUrl: 'postgres://db.corp/meters', locked: ['office'] }),
    );
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      expect(readMachinePolicy({ METER_DESK_POLICY_FILE: file }, platform)).toEqual({
        values: { officeUrl: 'postgres://db.corp/meters', locked: ['office'] },
        source: file,
        problem: null,
      });
    }
  });

  it('is no policy when the file is not there, a problem when it is not JSON', () => {
    t = tempDir('meterdesk-policy-');
    expect(readMachinePolicy({ METER_DESK_POLICY_FILE: join(t.dir, 'none.json') }, 'linux')).toBe(
      NO_POLICY,
    );
    const broken = join(t.dir, 'broken.json');
    writeFileSync(broken, '{ "serviceUrl": ');
    expect(readMachinePolicy({ METER_DESK_POLICY_FILE: broken }, 'linux')).toEqual({
      values: {},
      source: broken,
      problem: `The machine policy ${broken} is not JSON; it is ignored.`,
    });
  });
});

describe('fromRegQuery', () => {
  it('reads strings, DWORD booleans, multi-strings and the JSON of the photo checks', () => {
    const output = [
      '',
      'HKEY_LOCAL_MACHINE\\Software\\Policies\\MeterDesk',
      '    serviceUrl    REG_SZ    https://meters.office.example',
      '    hideSandbox    REG_DWORD    0x1',
      '    locked    REG_MULTI_SZ    serviceUrl\\0dataDir',
      '    dataDir    REG_EXPAND_SZ    D:\\MeterDesk',
      '    photoChecks    REG_SZ    {"minSharpness":40}',
      '',
    ].join('\r\n');
    expect(fromRegQuery(output)).toEqual({
      serviceUrl: 'https://meters.office.example',
      hideSandbox: true,
      locked: ['serviceUrl', 'dataDir'],
      dataDir: 'D:\\MeterDesk',
      photoChecks: { minSharpness: 40 },
    });
  });
});
