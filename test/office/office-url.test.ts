// The office address never shows its password: not in the address, not in a driver's message
// that quotes it (raw or percent-encoded), not in a query parameter.
import { describe, expect, it } from 'vitest';
import { isOfficeUrl, redactOfficeText, redactOfficeUrl } from '../../main/office/office-url';
import { classifyOfficeError, officeConnectionString } from '../../main/office/store/office-db';

const URL_WITH_SECRET =
  'postgres://desk_anna:p%40ss%3Aw0rd!@db.office.example:5432/meterdesk?sslmode=require';

describe('office addresses', () => {
  it('keeps user, host and database and hides the password', () => {
    expect(redactOfficeUrl(URL_WITH_SECRET)).toBe(
      'postgres://desk_anna:***@db.office.example:5432/meterdesk?sslmode=require',
    );
    expect(redactOfficeUrl('postgres://h/db?user=u&password=hunter2')).toBe(
      'postgres://h/db?user=u&password=***',
    );
    expect(redactOfficeUrl('host=h password=hunter2')).not.toContain('hunter2');
  });

  it('takes the password out of any text, as written or decoded', () => {
    const said = `connect to ${URL_WITH_SECRET} failed; password p@ss:w0rd! rejected (p%40ss%3Aw0rd!)`;
    const shown = redactOfficeText(said, URL_WITH_SECRET);
    expect(shown).not.toContain('p@ss:w0rd!');
    expect(shown).not.toContain('p%40ss%3Aw0rd!');
    expect(shown).toContain('desk_anna:***@db.office.example');
  });

  it('sorts driver failures into classes, the message redacted', () => {
    const refused = Object.assign(new Error(`connect ECONNREFUSED (${URL_WITH_SECRET})`), {
      code: 'ECONNREFUSED',
    });
    const sorted = classifyOfficeError(refused, URL_WITH_SECRET);
    expect(sorted.failure).toBe('unreachable');
    expect(sorted.message).not.toContain('w0rd');
    const codes: [string, string][] = [
      ['28P01', 'wrongPassword'],
      ['3D000', 'noSuchDatabase'],
      ['42501', 'permissionDenied'],
      ['57P01', 'unreachable'],
      ['08006', 'unreachable'],
      // "too many clients": the server is full for now, the desk works on and tries again.
      ['53300', 'unreachable'],
      ['23505', 'other'],
    ];
    for (const [code, failure] of codes) {
      const error = Object.assign(new Error('x'), { code });
      expect(classifyOfficeError(error, URL_WITH_SECRET).failure, code).toBe(failure);
    }
  });

  it('tells a socket read that failed (the network) from a CA file that cannot be read', () => {
    const socket = (code: string): Error =>
      Object.assign(new Error(`read ${code}`), { code, syscall: 'read', errno: -104 });
    expect(classifyOfficeError(socket('ECONNRESET'), URL_WITH_SECRET).failure).toBe('unreachable');
    expect(classifyOfficeError(socket('ETIMEDOUT'), URL_WITH_SECRET).failure).toBe('unreachable');
    const file = (code: string, syscall: string): Error =>
      Object.assign(new Error(`${code}: /etc/office/ca.pem`), { code, syscall });
    for (const [code, syscall] of [
      ['ENOENT', 'open'],
      ['EACCES', 'open'],
      ['EISDIR', 'read'],
    ] as const) {
      expect(classifyOfficeError(file(code, syscall), URL_WITH_SECRET).failure, code).toBe(
        'caFileUnreadable',
      );
    }
  });

  it('never lets sslrootcert=system connect unchecked or in plain text (as libpq)', () => {
    const modeOf = (url: string): string | null =>
      new URL(officeConnectionString(url)).searchParams.get('sslmode');
    expect(modeOf('postgres://h/db?sslrootcert=system')).toBe('verify-full');
    expect(modeOf('postgres://h/db?sslmode=require&sslrootcert=system')).toBe('verify-full');
    expect(modeOf('postgres://h/db?sslmode=disable&sslrootcert=system')).toBe('verify-full');
    // "system" is the file OpenSSL (and libpq) reads the system's certificates from.
    const rootOf = (url: string, env: NodeJS.ProcessEnv): string | null =>
      new URL(officeConnectionString(url, env)).searchParams.get('sslrootcert');
    expect(rootOf('postgres://h/db?sslrootcert=system', { SSL_CERT_FILE: '/etc/own.pem' })).toBe(
      '/etc/own.pem',
    );
    if (process.platform === 'linux') {
      expect(rootOf('postgres://h/db?sslrootcert=system', {})).toBe(
        '/etc/ssl/certs/ca-certificates.crt',
      );
    }
    // Without it, the mode asked for is kept, read as libpq reads it.
    expect(modeOf('postgres://h/db?sslmode=require')).toBe('require');
  });

  it('knows a PostgreSQL URL from other text', () => {
    expect(isOfficeUrl('postgresql://h/db')).toBe(true);
    expect(isOfficeUrl('postgres://h/db')).toBe(true);
    expect(isOfficeUrl('https://h/db')).toBe(false);
    expect(isOfficeUrl('host=h dbname=db')).toBe(false);
  });
});
