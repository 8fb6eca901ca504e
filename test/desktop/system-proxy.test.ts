// Which network stack the window's engine uses, and on Node's the system's proxy as Chromium
// resolves it, handed to the backend as proxy variables; what IT or the user set explicitly wins.
// (The Electron half, net.fetch and session.resolveProxy, needs Electron's binary and runs only in
// CI's packaged-app step; test/api/fetch-transport.test.ts runs the fetch transport on Node's.)
import { describe, expect, it } from 'vitest';
import { backendEnv, networkStack, proxyUrlFromRules } from '../../main/desktop/system-proxy';

describe('networkStack', () => {
  it("is Chromium's unless a proxy variable or a CA file is named", () => {
    expect(networkStack({ PATH: '/bin', HTTPS_PROXY: ' ' })).toBe('chromium');
    expect(networkStack({ https_proxy: 'http://mine:1' })).toBe('node');
    expect(networkStack({ HTTP_PROXY: 'http://mine:1' })).toBe('node');
    expect(networkStack({ METER_DESK_CA_FILE: '/etc/ca.pem' })).toBe('node');
    expect(networkStack({}, '/etc/meterdesk/office-ca.pem')).toBe('node');
  });
});

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
      METER_DESK_NETWORK: 'chromium',
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
    expect(env.METER_DESK_NETWORK).toBe('node');
  });

  it("names the policy's CA file to the backend", () => {
    expect(backendEnv({}, null, '/etc/meterdesk/office-ca.pem').METER_DESK_CA_FILE).toBe(
      '/etc/meterdesk/office-ca.pem',
    );
  });

  it('adds no proxy when Chromium says direct', () => {
    expect(backendEnv({}, null)).toEqual({
      METER_DESK_NETWORK: 'chromium',
      NODE_USE_SYSTEM_CA: '1',
    });
  });
});
