// Where the update feed comes from (IT's machine-wide update.json) and which addresses the updater
// may ever fetch: https, or plain http to this computer only.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  machineUpdateConfigFile,
  policyUpdateFeed,
  readUpdateFeed,
  refusedUpdateUrl,
} from '../../main/desktop/update-feed';
import { requestUrl } from '../../main/desktop/update-guard';
import { tempDir } from '../helpers/tmp';

const t = tempDir('meterdesk-update-feed-');
afterAll(() => {
  t.cleanup();
});

let files = 0;
function config(content: string): string {
  const file = join(t.dir, `update-${String(files++)}.json`);
  writeFileSync(file, content);
  return file;
}

describe('the machine-wide update.json', () => {
  it('lives where only administrators write, per platform', () => {
    expect(machineUpdateConfigFile('win32', { ProgramData: 'D:\\ProgramData' })).toBe(
      'D:\\ProgramData\\MeterDesk\\update.json',
    );
    expect(machineUpdateConfigFile('win32', {})).toBe('C:\\ProgramData\\MeterDesk\\update.json');
    expect(machineUpdateConfigFile('darwin', {})).toBe(
      '/Library/Application Support/MeterDesk/update.json',
    );
    expect(machineUpdateConfigFile('linux', {})).toBe('/etc/meterdesk/update.json');
  });

  it('names the feed (as a folder) when it holds an https address', () => {
    const file = config('{"url": "https://updates.example.org/meterdesk"}');
    expect(readUpdateFeed(file)).toEqual({
      kind: 'feed',
      url: 'https://updates.example.org/meterdesk/',
      file,
    });
  });

  it('turns updates off when it is absent or its url is empty', () => {
    const missing = join(t.dir, 'absent.json');
    expect(readUpdateFeed(missing)).toEqual({
      kind: 'off',
      why: `Automatic updates are off: no update feed is configured (IT can name one in ${missing}).`,
    });
    const empty = config('{"url": ""}');
    expect(readUpdateFeed(empty)).toEqual({
      kind: 'off',
      why: `Automatic updates are turned off in ${empty}.`,
    });
    expect(readUpdateFeed(config('{"url": null}'))).toMatchObject({ kind: 'off' });
  });

  it.each([
    ['not JSON', '{url: https://x}', 'cannot be read as JSON'],
    ['a typo in the key', '{"ur1": "https://updates.example.org/"}', 'is not valid'],
    ['a number', '{"url": 443}', '"url": '],
    [
      'plain http elsewhere',
      '{"url": "http://updates.example.org/"}',
      'http://updates.example.org is not allowed for updates',
    ],
    ['a file share', '{"url": "file:///S:/updates/"}', 'file:// is not allowed for updates'],
    [
      'no address at all',
      '{"url": "updates.example.org"}',
      '"updates.example.org" is not a valid address',
    ],
  ])('is refused, with the reason and the file, for %s', (_name, content, words) => {
    const file = config(content);
    const feed = readUpdateFeed(file);
    expect(feed.kind).toBe('invalid');
    expect(feed.kind === 'invalid' && feed.problem).toContain(`Automatic updates are off: ${file}`);
    expect(feed.kind === 'invalid' && feed.problem).toContain(words);
  });
});

describe('addresses the updater may fetch', () => {
  it.each([
    'https://updates.example.org/meterdesk/latest.yml',
    'https://updates.example.org:8443/x',
    'http://127.0.0.1:8080/feed/',
    'http://127.1.2.3/feed/',
    'http://localhost/feed/',
    'http://[::1]:9000/feed/',
  ])('allows %s', (url) => {
    expect(refusedUpdateUrl(url)).toBeNull();
  });

  it.each([
    'http://updates.example.org/latest.yml',
    'http://10.0.0.5/feed/',
    'http://127.0.0.1.example.org/feed/',
    'http://localhost.example.org/',
    'ftp://updates.example.org/',
    'file:///etc/passwd',
  ])('refuses %s', (url) => {
    expect(refusedUpdateUrl(url)).toContain('is not allowed for updates');
  });

  it('reads request options back into the address they go to', () => {
    expect(
      requestUrl({ protocol: 'http:', hostname: '127.0.0.1', port: 8080, path: '/feed/x.yml?a=1' }),
    ).toBe('http://127.0.0.1:8080/feed/x.yml?a=1');
    expect(requestUrl({ hostname: 'updates.example.org', path: '/latest.yml' })).toBe(
      'https://updates.example.org/latest.yml',
    );
    expect(requestUrl({ protocol: 'http:', hostname: '::1', port: '9000', path: '/' })).toBe(
      'http://[::1]:9000/',
    );
  });
});

describe('the feed named by the machine policy', () => {
  it('is used as a folder, turned off by an empty address, refused over plain http', () => {
    const source = '/etc/meterdesk/policy.json';
    expect(policyUpdateFeed('https://updates.office.example/meterdesk', source)).toEqual({
      kind: 'feed',
      url: 'https://updates.office.example/meterdesk/',
      file: source,
    });
    expect(policyUpdateFeed(' ', source)).toEqual({
      kind: 'off',
      why: `Automatic updates are turned off by ${source}.`,
    });
    const refused = policyUpdateFeed('http://updates.office.example/', source);
    expect(refused.kind).toBe('invalid');
  });
});
