// The system's proxy as Chromium resolves it, handed to the backend as proxy variables; what IT
// or the user set explicitly wins. (The Electron half, session.resolveProxy, needs Electron's
// binary and runs only in CI's packaged-app step.)
import { describe, expect, it } from 'vitest';
import { backendEnv, proxyUrlFromRules } from '../../main/desktop/system-proxy';

describe('proxyUrlFromRules', () => {
  it.each([
    ['DIRECT', null],
    ['PROXY proxy.corp:8080', 'http://proxy.corp:8080'],
    ['PROXY proxy.corp:8080; DIRECT', 'http://proxy.corp:8080'],
    ['DIRECT; PROXY proxy.corp:8080', null],
    ['HTTPS secure.corp:443', 'https://secure.corp:443'],
    ['SOCKS5 10.0.0.1:1080', 'socks5://10.0.0.1:1080'],
    ['QUIC odd:1; PROXY second:3128', 'http://second:3128'],
    ['PROXY bad/path:80', null],
    ['', null],
  ])('%s -> %s', (rules, url) => {
    expect(proxyUrlFromRules(rules)).toBe(url);
  });
});

describe('backendEnv', () => {
  it('sets the system proxy and the OS certificate store', () => {
    const env = backendEnv({ PATH: '/bin' }, 'http://proxy.corp:8080');
    expect(env).toEqual({
      PATH: '/bin',
      NODE_USE_SYSTEM_CA: '1',
      HTTPS_PROXY: 'http://proxy.corp:8080',
      HTTP_PROXY: 'http://proxy.corp:8080',
    });
  });

  it('keeps an explicit proxy and an explicit NODE_USE_SYSTEM_CA', () => {
    const env = backendEnv(
      { https_proxy: 'http://mine:1', NODE_USE_SYSTEM_CA: '0' },
      'http://sys:2',
    );
    expect(env.HTTPS_PROXY).toBeUndefined();
    expect(env.https_proxy).toBe('http://mine:1');
    expect(env.NODE_USE_SYSTEM_CA).toBe('0');
  });

  it("names the policy's CA file to the backend", () => {
    expect(backendEnv({}, null, '/etc/meterdesk/office-ca.pem').METER_DESK_CA_FILE).toBe(
      '/etc/meterdesk/office-ca.pem',
    );
  });

  it('adds no proxy when Chromium says direct', () => {
    expect(backendEnv({}, null)).toEqual({ NODE_USE_SYSTEM_CA: '1' });
  });
});
