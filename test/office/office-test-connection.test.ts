// The Office settings' Test button against a real throwaway PostgreSQL: each way a connection
// fails is told apart (wrong password, no such database, nothing listening, no password, TLS the
// server lacks, schema missing or behind), a good one says the server's and schema's version, and
// the password is in none of the answers.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { OfficeSettings } from '../../common/ipc/office-views';
import {
  classifyOfficeProblem,
  testOfficeConnection,
} from '../../main/office/office-test-connection';
import { LATEST_OFFICE_VERSION } from '../../main/office/store/migrations';
import { ANNA_PASSWORD } from './anna-office';
import { annaOnCluster } from './anna-on-cluster';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();

/** A loopback port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const deskOn = (migrated: boolean): Promise<OfficeSettings> => annaOnCluster(office(), migrated);

const PASSWORD = ANNA_PASSWORD;

describe.skipIf(officeSkip !== null)('testing the office connection', () => {
  it('says OK with the server and schema version', async () => {
    const settings = await deskOn(true);
    const check = await testOfficeConnection(settings, PASSWORD);
    expect(check).toEqual({
      ok: true,
      serverVersion: expect.stringMatching(/^\d+/) as unknown,
      schemaVersion: LATEST_OFFICE_VERSION,
    });
  });

  it('tells a wrong password, a missing one and a missing database apart', async () => {
    const settings = await deskOn(true);
    const wrong = await testOfficeConnection(settings, 'not-the-password');
    expect(wrong).toMatchObject({
      ok: false,
      problem: 'wrongPassword',
      params: { user: 'desk_anna' },
    });
    expect(JSON.stringify(wrong)).not.toContain('not-the-password');
    const missing = await testOfficeConnection(settings, null);
    expect(missing).toMatchObject({ ok: false, problem: 'noPassword' });
    const noDb = await testOfficeConnection({ ...settings, database: 'no_such_office' }, PASSWORD);
    expect(noDb).toMatchObject({
      ok: false,
      problem: 'noSuchDatabase',
      params: { database: 'no_such_office' },
    });
    expect(JSON.stringify(noDb)).not.toContain(PASSWORD);
  });

  it('says the server is not reachable when nothing listens on the port', async () => {
    const settings = await deskOn(true);
    const port = await closedPort();
    const check = await testOfficeConnection({ ...settings, port }, PASSWORD);
    expect(check).toMatchObject({ ok: false, problem: 'unreachable', params: { port } });
  });

  it('says the server has no TLS when the desk requires it', async () => {
    const settings = await deskOn(true);
    const check = await testOfficeConnection({ ...settings, sslmode: 'require' }, PASSWORD);
    expect(check).toMatchObject({ ok: false, problem: 'tlsUnavailable' });
  });

  it('says the schema is missing on a database office init never ran on', async () => {
    const settings = await deskOn(false);
    const check = await testOfficeConnection(settings, PASSWORD);
    expect(check).toMatchObject({
      ok: false,
      problem: 'schemaMissing',
      params: { found: 0, known: LATEST_OFFICE_VERSION },
    });
  });
});

// What a throwaway server without TLS cannot produce, as the driver and Node report it.
describe('the TLS problems a real office server gives', () => {
  const url = 'postgres://desk_anna:s3cret-pw@db.office.example/meterdesk?sslmode=verify-full';
  const failure = (message: string, code: string): Error =>
    Object.assign(new Error(message), { code });

  it('tells a server that requires TLS from a certificate this PC does not trust', () => {
    const hba = failure(
      'no pg_hba.conf entry for host "10.0.0.7", user "desk_anna", database "meterdesk", SSL off',
      '28000',
    );
    expect(classifyOfficeProblem(hba, url).problem).toBe('tlsRequired');
    for (const code of ['SELF_SIGNED_CERT_IN_CHAIN', 'ERR_TLS_CERT_ALTNAME_INVALID']) {
      expect(classifyOfficeProblem(failure('certificate rejected', code), url).problem).toBe(
        'certificateUntrusted',
      );
    }
  });

  it('takes the password out of the driver message it passes on', () => {
    const said = classifyOfficeProblem(failure(`cannot connect to ${url}`, 'XX000'), url);
    expect(said).toMatchObject({ problem: 'other' });
    expect(said.detail).not.toContain('s3cret-pw');
  });
});
