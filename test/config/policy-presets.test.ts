// The machine policy's presets outside settings.json (main/config/policy-presets.ts): the office
// address and desk naming, read as the Office settings would hold them; a preset fills what the
// desk has not saved, a lock wins over what it has.
import { describe, expect, it } from 'vitest';
import type { OfficeSettings } from '../../common/ipc/office-views';
import type { MachinePolicy } from '../../main/config/policy';
import { deskNameOf, officeFromUrl, officeWithPolicy } from '../../main/config/policy-presets';

const names = { user: 'anna', computer: 'pc-7' };
const policy = (values: MachinePolicy['values']): MachinePolicy => ({
  values,
  source: '/etc/meterdesk/policy.json',
  problem: null,
});
const saved: OfficeSettings = {
  host: 'old.example',
  port: 5432,
  database: 'meters',
  user: 'anna',
  desk: 'anna desk',
  sslmode: 'verify-full',
};

describe('the office from a machine policy', () => {
  it('reads an office address as the Office settings hold it, never its password', () => {
    expect(
      officeFromUrl(
        'postgresql://desk%40role:secret@[fd00::5]:6432/meter%20desk?sslmode=verify-full&sslrootcert=/etc/ca.pem',
        'pc-7',
      ),
    ).toEqual({
      host: 'fd00::5',
      port: 6432,
      database: 'meter desk',
      user: 'desk@role',
      desk: 'pc-7',
      sslmode: 'verify-full',
      caFile: '/etc/ca.pem',
    });
    expect(officeFromUrl('postgres://desk@db.example/meterdesk', 'd')).toMatchObject({
      port: 5432,
      sslmode: 'verify-full',
    });
    expect(officeFromUrl('postgres://desk@db.example/meterdesk?sslmode=prefer', 'd')).toBeNull();
    expect(officeFromUrl('https://db.example/meterdesk', 'd')).toBeNull();
    expect(officeFromUrl('not a url', 'd')).toBeNull();
  });

  it('fills in the desk naming', () => {
    expect(deskNameOf('{user} at {computer}', names)).toBe('anna at pc-7');
    expect(deskNameOf('front desk', names)).toBe('front desk');
  });

  it('presets an office the desk has not saved, and leaves a saved one alone', () => {
    const preset = policy({
      officeUrl: 'postgres://desk@db.example/meterdesk?sslmode=require',
      officeDeskName: '{computer}',
    });
    expect(officeWithPolicy(null, preset, names)).toMatchObject({
      host: 'db.example',
      desk: 'pc-7',
      sslmode: 'require',
    });
    expect(officeWithPolicy(saved, preset, names)).toEqual(saved);
    expect(officeWithPolicy(null, policy({}), names)).toBeNull();
  });

  it('a locked office is the policy one, whatever the desk saved', () => {
    const locked = policy({
      officeUrl: 'postgres://desk@db.example/meterdesk?sslmode=require',
      officeDeskName: '{user}@{computer}',
      locked: ['office'],
    });
    expect(officeWithPolicy(saved, locked, names)).toMatchObject({
      host: 'db.example',
      database: 'meterdesk',
      desk: 'anna@pc-7',
    });
    // Only the naming locked: the saved office with the policy's desk name.
    const naming = policy({ officeDeskName: 'desk {computer}', locked: ['office'] });
    expect(officeWithPolicy(saved, naming, names)).toEqual({ ...saved, desk: 'desk pc-7' });
  });
});
