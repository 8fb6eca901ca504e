// meterdesk-app://app/...: the window's own page, served from the built renderer folder with a
// strict Content-Security-Policy header. A custom scheme instead of file:// keeps the page from
// reading other local files and gives it an origin of its own (Electron security checklist,
// "avoid file://").
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_ORIGIN } from '../../common/ipc/channels';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
}

/** The file under `root` an app address names, or null when it names anything else. */
export function rendererFile(url: string, root: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (`${parsed.protocol}//${parsed.host}` !== APP_ORIGIN) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (rel === '/' || rel === '') rel = '/index.html';
  if (rel.includes('\0')) return null;
  const base = path.resolve(root);
  const file = path.resolve(base, `.${rel}`);
  const inside = path.relative(base, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return null;
  return file;
}

export async function rendererResponse(request: Request, root: string): Promise<Response> {
  if (request.method !== 'GET') return new Response('Only GET', { status: 405 });
  const file = rendererFile(request.url, root);
  const type = file ? TYPES[path.extname(file).toLowerCase()] : undefined;
  if (!file || !type) return notFound();
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return notFound();
  }
  const headers: Record<string, string> = {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
  if (type.startsWith('text/html')) {
    // Scripts only from the app itself (no inline script, no eval, no remote code); photos only
    // through the photo scheme; no network at all (the page talks to main over the preload
    // bridge). 'unsafe-inline' styles: React's style attributes need it, and styles run no code.
    // One literal, so that Electronegativity's CSP check can read and judge it.
    headers['content-security-policy'] =
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: meterdesk-photo:; font-src 'self'; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  }
  return new Response(body, { status: 200, headers });
}
