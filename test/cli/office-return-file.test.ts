// `meter-desk export OUT --return-file --office URL` refuses plainly and writes nothing: an office
// that keeps no order file yet (exit 2), and an office that cannot be reached (its own exit code);
// the URL's password is never printed.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { captureIo } from '../helpers/cli-io';
import { tempDirsPerTest } from '../helpers/test-dirs';
import { officeSkip, useOfficeCluster } from '../office/pg-cluster';

const cluster = useOfficeCluster();
const EXIT_USAGE = 2;
const dir = tempDirsPerTest('meterdesk-office-return-cli-');

async function exportReturn(url: string, at: string) {
  const io = captureIo({});
  const out = join(at, 'return.dat');
  const args = ['export', out, '--return-file', '--office', url, '--db', join(at, 'none.sqlite')];
  const code = await main([...args, '--desk', 'dora@pc'], io);
  return { code, out: io.stdout(), err: io.stderr() };
}

describe.skipIf(officeSkip !== null)('export --return-file --office', () => {
  it('says the office keeps no order file yet, and writes nothing', async () => {
    const o = await cluster().newMigratedOffice();
    const at = dir();
    const url = await o.deskUrl('dora');
    const said = await exportReturn(url, at);
    expect(said.code, said.err).toBe(EXIT_USAGE);
    expect(said.err).toMatch(
      /keeps no order file: load one at a desk with .* Nothing was written\./,
    );
    expect(said.err).not.toContain('pw-dora');
    expect(readdirSync(at)).toEqual([]);
  });

  it('says the office is not reachable, and writes nothing', async () => {
    const at = dir();
    const said = await exportReturn('postgres://desk:secret-pw@127.0.0.1:1/office', at);
    expect(said.code).not.toBe(0);
    expect(said.err).toMatch(/not reachable/);
    expect(said.err).not.toContain('secret-pw');
    expect(existsSync(join(at, 'return.dat'))).toBe(false);
    expect(readdirSync(at)).toEqual([]);
  });
});
