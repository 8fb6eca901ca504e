// A private CA and a certificate it signed for 127.0.0.1, made with openssl once per test file:
// what an office's own CA or a TLS-inspecting proxy presents. Null (with the reason) when openssl
// is not installed.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface PrivateCa {
  /** The CA's certificate (PEM file): what IT configures as the CA file. */
  readonly caFile: string;
  readonly key: Buffer;
  readonly cert: Buffer;
}

export function makePrivateCa(dir: string): PrivateCa | string {
  const openssl = (args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  };
  try {
    openssl(['version']);
  } catch {
    return 'openssl is not installed (apt install openssl)';
  }
  const key = ['-newkey', 'rsa:2048', '-nodes'];
  openssl(
    ['req', '-x509', ...key, '-days', '2', '-keyout', 'ca.key', '-out', 'ca.pem']
      .concat(['-subj', '/CN=MeterDesk Office Test CA'])
      .concat(['-addext', 'basicConstraints=critical,CA:TRUE'])
      .concat(['-addext', 'keyUsage=critical,keyCertSign']),
  );
  openssl(['req', ...key, '-keyout', 'svc.key', '-out', 'svc.csr', '-subj', '/CN=127.0.0.1']);
  writeFileSync(path.join(dir, 'svc.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    ['x509', '-req', '-in', 'svc.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key'].concat([
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      'svc.ext',
      '-out',
      'svc.pem',
    ]),
  );
  return {
    caFile: path.join(dir, 'ca.pem'),
    key: readFileSync(path.join(dir, 'svc.key')),
    cert: readFileSync(path.join(dir, 'svc.pem')),
  };
}
