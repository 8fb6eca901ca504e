// Encryption against a real PostgreSQL with TLS (docs/office.md, "Passwords and encryption"): the
// server's certificate is signed by a CA made up for the test, as an office's own CA would be, and
// the desks' roles may only come in encrypted (hostssl). The window's Test button and the CLI's
// URL each connect with `verify-full` and the office's CA, are refused without it (the
// certificate is not trusted) or with another CA, connect with `require` (encrypted, unchecked),
// and are told that the server requires encryption with `sslmode=disable`.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OfficeSettings } from '../../common/ipc/office-views';
import { officeUrlOf } from '../../main/office/office-settings';
import { testOfficeConnection } from '../../main/office/office-test-connection';
import { OfficeError } from '../../main/office/store/office-db';
import { LATEST_OFFICE_VERSION } from '../../main/office/store/migrations';
import { openOfficeStore } from '../../main/office/store/office-store';
import { openDesktop, value } from '../ipc/helpers/desktop';
import { ANNA_PASSWORD } from './anna-office';
import { annaOnCluster } from './anna-on-cluster';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster({ tls: 'required' });

const caFiles = () => {
  const tls = office().tls;
  if (!tls) throw new Error('the cluster has no TLS');
  return tls;
};

/** Anna's settings on a fresh office of the TLS cluster, checked against the office's CA. */
async function anna(patch: Partial<OfficeSettings> = {}): Promise<OfficeSettings> {
  const settings = await annaOnCluster(office(), true);
  return { ...settings, sslmode: 'verify-full', caFile: caFiles().caFile, ...patch };
}

/** The settings without an office CA: checked against the system's trusted certificates. */
function withSystemCa(settings: OfficeSettings): OfficeSettings {
  const copy = { ...settings };
  delete copy.caFile;
  return copy;
}

/** What the CLI's store makes of a URL: the schema's version, or the failure's class. */
async function storeAnswer(url: string): Promise<number | string> {
  const store = openOfficeStore(url, { max: 1, connectMs: 8_000 });
  try {
    return await store.checkSchema();
  } catch (error) {
    return error instanceof OfficeError ? error.failure : String(error);
  } finally {
    await store.close();
  }
}

describe.skipIf(officeSkip !== null)('TLS with the office’s own certificate authority', () => {
  it('connects with verify-full and the office’s CA', async () => {
    const check = await testOfficeConnection(await anna(), ANNA_PASSWORD);
    expect(check).toEqual({
      ok: true,
      serverVersion: expect.stringMatching(/^\d+/) as unknown,
      schemaVersion: LATEST_OFFICE_VERSION,
    });
  });

  it('says the certificate is not trusted without the CA (the system’s) or with another', async () => {
    const settings = await anna();
    expect(await testOfficeConnection(withSystemCa(settings), ANNA_PASSWORD)).toMatchObject({
      ok: false,
      problem: 'certificateUntrusted',
    });
    const other = { ...settings, caFile: caFiles().otherCaFile };
    expect(await testOfficeConnection(other, ANNA_PASSWORD)).toMatchObject({
      ok: false,
      problem: 'certificateUntrusted',
    });
  });

  it('connects encrypted without the check (require), and is told encryption is required when off', async () => {
    const settings = await anna({ sslmode: 'require' });
    expect(await testOfficeConnection(settings, ANNA_PASSWORD)).toMatchObject({ ok: true });
    const off = await testOfficeConnection({ ...settings, sslmode: 'disable' }, ANNA_PASSWORD);
    expect(off).toMatchObject({ ok: false, problem: 'tlsRequired' });
  });

  it('says a CA file that cannot be read, never that the server is away', async () => {
    const missing = path.join(os.tmpdir(), `no-such-ca-${process.pid}.pem`);
    const check = await testOfficeConnection(await anna({ caFile: missing }), ANNA_PASSWORD);
    expect(check).toMatchObject({ ok: false, problem: 'caFileUnreadable' });
  });

  it('takes the same options in a CLI URL, require meaning encrypted as in psql', async () => {
    const settings = await anna();
    const base = officeUrlOf({ ...settings, sslmode: 'disable' }, ANNA_PASSWORD).replace(
      /\?.*$/,
      '',
    );
    const ca = encodeURIComponent(caFiles().caFile);
    const known = LATEST_OFFICE_VERSION;
    expect(await storeAnswer(`${base}?sslmode=verify-full&sslrootcert=${ca}`)).toBe(known);
    expect(await storeAnswer(`${base}?sslmode=require`)).toBe(known);
    expect(await storeAnswer(`${base}?sslmode=verify-full`)).toBe('certificateUntrusted');
    expect(await storeAnswer(`${base}?sslmode=verify-full&sslrootcert=system`)).toBe(
      'certificateUntrusted',
    );
    expect(await storeAnswer(base)).toBe('tlsRequired');
    const junk = path.join(os.tmpdir(), `not-a-ca-${process.pid}.pem`);
    await writeFile(junk, 'not a certificate\n');
    expect(await storeAnswer(`${base}?sslmode=verify-full&sslrootcert=${junk}`)).toBe(
      'certificateUntrusted',
    );
  });

  it('keeps the CA file through the window’s contract, and its Test uses it', async () => {
    const settings = await anna();
    const desk = await openDesktop();
    try {
      const b = desk.bridge;
      // Tested before applying: applying starts an office desk, which this test does not need.
      expect(value(await b.testOffice({ settings, password: ANNA_PASSWORD }))).toMatchObject({
        ok: true,
      });
      const relative = await b.saveOffice({ settings: { ...settings, caFile: 'office-ca.pem' } });
      expect(relative).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      value(await b.saveOffice({ settings, password: ANNA_PASSWORD }));
      expect(value(await b.getOffice({})).settings).toEqual(settings);
      const system = withSystemCa(settings);
      value(await b.saveOffice({ settings: system }));
      expect(value(await b.getOffice({})).settings).toEqual(system);
    } finally {
      await desk.close();
    }
  }, 60_000);
});
