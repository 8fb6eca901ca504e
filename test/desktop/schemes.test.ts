// The two URL schemes the window uses instead of file://, answered with real files on disk.
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoJobId, photoResponse } from '../../main/desktop/photo-response';
import { rendererFile, rendererResponse } from '../../main/desktop/renderer-files';
import { renderMeterPhoto } from '../../sandbox/samples';
import { tempDir } from '../helpers/tmp';

const t = tempDir('meterdesk-schemes-');
const site = join(t.dir, 'renderer');
const photos = join(t.dir, 'photos');

beforeAll(async () => {
  mkdirSync(join(site, 'assets'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>MeterDesk</title>');
  writeFileSync(join(site, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(join(site, 'assets', 'notes.txt'), 'no type');
  writeFileSync(join(t.dir, 'secret.json'), '{"key":"x"}');
  mkdirSync(photos);
  writeFileSync(
    join(photos, 'a.jpg'),
    await renderMeterPhoto({ reading: '1.5', format: 'png', width: 120 }),
  );
  writeFileSync(join(photos, 'text.jpg'), 'just text');
  writeFileSync(join(photos, 'big.jpg'), '');
  truncateSync(join(photos, 'big.jpg'), 20 * 1024 * 1024 + 1);
});

afterAll(() => {
  t.cleanup();
});

const get = (url: string, method = 'GET') => new Request(url, { method });

describe('meterdesk-app://app/', () => {
  it('serves the page with the strict Content-Security-Policy', async () => {
    const res = await rendererResponse(get('meterdesk-app://app/index.html'), site);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("default-src 'none';");
    expect(csp).toContain("img-src 'self' data: meterdesk-photo:;");
    expect(csp).toContain("connect-src 'none';");
    expect(csp).not.toMatch(/unsafe-eval|https?:|\*|file:/);
    expect(await (await rendererResponse(get('meterdesk-app://app/'), site)).text()).toContain(
      'MeterDesk',
    );
  });

  it('serves scripts with their type', async () => {
    const res = await rendererResponse(get('meterdesk-app://app/assets/app-1.js'), site);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    'meterdesk-app://app/../secret.json',
    'meterdesk-app://app/%2e%2e/secret.json',
    'meterdesk-app://app/assets/..%2F..%2Fsecret.json',
    'meterdesk-app://app/assets/%2e%2e%2f%2e%2e%2fsecret.json',
    'meterdesk-app://app/%00index.html',
    'meterdesk-app://app/%E0%A4%A.html',
    'meterdesk-app://other/index.html',
    'meterdesk-photo://app/index.html',
    'file:///etc/passwd',
  ])('refuses %s', async (url) => {
    const file = rendererFile(url, site);
    if (file !== null) expect(file.startsWith(site)).toBe(true);
    const res = await rendererResponse(get(url), site);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('key');
  });

  it('refuses unknown file types and anything but GET', async () => {
    expect((await rendererResponse(get('meterdesk-app://app/assets/notes.txt'), site)).status).toBe(
      404,
    );
    expect(
      (await rendererResponse(get('meterdesk-app://app/index.html', 'POST'), site)).status,
    ).toBe(405);
  });
});

describe('meterdesk-photo://job/<id>', () => {
  const files = new Map<number, string>([
    [1, join(photos, 'a.jpg')],
    [2, join(photos, 'text.jpg')],
    [3, join(photos, 'big.jpg')],
    [4, join(photos, 'gone.jpg')],
  ]);
  const lookup = (id: number) =>
    Promise.resolve(files.has(id) ? { path: files.get(id) ?? '' } : null);

  it('serves a known job as the type its bytes are (a PNG named .jpg is a PNG)', async () => {
    const res = await photoResponse(get('meterdesk-photo://job/1'), lookup);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('refuses what is not an image, too large, gone or unknown', async () => {
    expect((await photoResponse(get('meterdesk-photo://job/2'), lookup)).status).toBe(415);
    expect((await photoResponse(get('meterdesk-photo://job/3'), lookup)).status).toBe(413);
    expect((await photoResponse(get('meterdesk-photo://job/4'), lookup)).status).toBe(404);
    expect((await photoResponse(get('meterdesk-photo://job/5'), lookup)).status).toBe(404);
    expect((await photoResponse(get('meterdesk-photo://job/1', 'POST'), lookup)).status).toBe(405);
  });

  it.each([
    'meterdesk-photo://job/0',
    'meterdesk-photo://job/01',
    'meterdesk-photo://job/1/2',
    'meterdesk-photo://job/1?path=/etc/passwd',
    'meterdesk-photo://job/-1',
    'meterdesk-photo://job/1e3',
    'meterdesk-photo://file/1',
    'meterdesk-photo://job/99999999999999999999',
    'meterdesk-photo://job//etc/passwd',
    'meterdesk-app://job/1',
  ])('names no job: %s', (url) => {
    const id = photoJobId(url);
    // A query string is ignored, never read as a path: the id alone decides.
    if (url.includes('?')) expect(id).toBe(1);
    else expect(id).toBeNull();
  });
});
