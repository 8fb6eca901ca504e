// The proxy and CA settings read from an environment as curl reads them, and said in the log
// without the proxy's credentials.
import { describe, expect, it } from 'vitest';
import {
  describeNetwork,
  networkFromEnv,
  proxyForLog,
  systemCaBundle,
} from '../../main/api/network';

describe('networkFromEnv', () => {
  it('reads lower case before upper case, blank as unset', () => {
    expect(
      networkFromEnv({
        https_proxy: 'http://lower:3128',
        HTTPS_PROXY: 'http://upper:3128',
        HTTP_PROXY: '  ',
        NO_PROXY: 'localhost,.corp',
        METER_DESK_CA_FILE: '/etc/ca.pem',
      }),
    ).toEqual({
      httpsProxy: 'http://lower:3128',
      noProxy: 'localhost,.corp',
      caFile: '/etc/ca.pem',
    });
  });

  it("reads OpenSSL's SSL_CERT_FILE as the system's store", () => {
    expect(networkFromEnv({ SSL_CERT_FILE: '/etc/own.pem' }).systemCaFile).toBe('/etc/own.pem');
  });

  it('takes a CA file given by policy over the environment', () => {
    expect(networkFromEnv({ METER_DESK_CA_FILE: '/env.pem' }, '/policy.pem').caFile).toBe(
      '/policy.pem',
    );
  });
});

describe('the log line', () => {
  it('never holds the proxy credentials', () => {
    const line = describeNetwork({
      httpsProxy: 'http://desk:pa55word@proxy.corp:8080',
      noProxy: 'localhost',
      caFile: '/etc/ca.pem',
      systemCaFile: '/etc/ssl/own.pem',
    });
    expect(line).toBe(
      'https via http://proxy.corp:8080 (with credentials); http direct; no proxy for localhost; extra CAs from /etc/ca.pem; system CAs from /etc/ssl/own.pem',
    );
    expect(line).not.toContain('pa55word');
    expect(proxyForLog('not a url')).toBe('(not a valid URL)');
  });
});

describe("the system's certificate bundle", () => {
  it("is SSL_CERT_FILE when set, else the distribution's file on Linux only", () => {
    expect(systemCaBundle('/etc/own.pem', 'win32')).toBe('/etc/own.pem');
    expect(systemCaBundle(undefined, 'darwin')).toBeNull();
  });

  it.runIf(process.platform === 'linux')("is Debian's and Ubuntu's own file there", () => {
    expect(systemCaBundle(undefined, 'linux')).toBe('/etc/ssl/certs/ca-certificates.crt');
  });
});
