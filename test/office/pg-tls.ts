// TLS for a throwaway test cluster: a certificate authority made up for the test (as an office's
// own CA would be) and a server certificate it signed for 127.0.0.1 and localhost, both made with
// `openssl` in the cluster's temporary folder and removed with it. The server is switched to TLS
// by its configuration files and a restart; 'required' also refuses unencrypted connections
// (hostssl) to the desks, while the superuser and the owner (the fixture's own pools, migrations)
// still come in unencrypted.
import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';

const run = promisify(execFile);

export type TestTls = 'offered' | 'required';

/** The files a test needs: the CA a desk is told to trust, and one no server here uses. */
export interface TlsFiles {
  readonly caFile: string;
  readonly otherCaFile: string;
}

const openssl = (cwd: string, args: string[]) => run('openssl', args, { cwd });

async function makeCa(dir: string, name: string): Promise<void> {
  await openssl(dir, [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '2'],
    ...['-subj', `/CN=MeterDesk test ${name}`],
    ...['-addext', 'basicConstraints=critical,CA:TRUE'],
    ...['-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
  ]);
}

async function makeServerCert(dir: string): Promise<void> {
  await openssl(dir, [
    ...['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost'],
  ]);
  await writeFile(
    path.join(dir, 'server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  );
  await openssl(dir, [
    ...['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key'],
    ...['-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'server.ext'],
  ]);
}

/**
 * Configures the cluster behind `admin` (a superuser pool) for TLS, from its next start on (a
 * restart rather than a reload: a reload's moment of effect cannot be waited for). The server must own its key
 * file and nobody else may read it; under root the server runs as another user (local-cluster),
 * so the files are handed to the owner of the data folder.
 */
export async function enableTls(
  admin: pg.Pool,
  mode: TestTls,
  plainRoles: readonly string[],
): Promise<TlsFiles> {
  const show = async (name: string): Promise<string> => {
    const result = await admin.query<Record<string, string>>(`SHOW ${name}`);
    return result.rows[0]?.[name] ?? '';
  };
  const data = await show('data_directory');
  const dir = path.join(path.dirname(data), 'tls');
  await mkdir(dir, { recursive: true });
  await makeCa(dir, 'ca');
  await makeCa(dir, 'other-ca');
  await makeServerCert(dir);
  const owner = await stat(data);
  for (const file of ['server.key', 'server.crt', 'ca.pem']) {
    await chown(path.join(dir, file), owner.uid, owner.gid);
  }
  await chown(dir, owner.uid, owner.gid);
  await chmod(path.join(dir, 'server.key'), 0o600);
  const config = await show('config_file');
  await writeFile(
    config,
    `${await readFile(config, 'utf8')}\nssl = on\nssl_cert_file = '${path.join(dir, 'server.crt')}'\nssl_key_file = '${path.join(dir, 'server.key')}'\n`,
  );
  if (mode === 'required') {
    const hba = await show('hba_file');
    // First match wins: the roles named may still come in unencrypted.
    const lines = (await readFile(hba, 'utf8')).split('\n').filter((line) => !/^host\s/.test(line));
    lines.push(
      `host all ${plainRoles.join(',')} 127.0.0.1/32 scram-sha-256`,
      'hostssl all all 127.0.0.1/32 scram-sha-256',
    );
    await writeFile(hba, `${lines.join('\n')}\n`);
  }
  return { caFile: path.join(dir, 'ca.pem'), otherCaFile: path.join(dir, 'other-ca.pem') };
}
