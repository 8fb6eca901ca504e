/** Where the API's own paths begin (spec: every endpoint is under /api/open/). */
const API_PATH = /\/api\/open(?:\/.*)?$/i;

/**
 * The address without the API path a person copied along with it ("https://m.example/api/open/
 * quota" → "https://m.example"), or null when the address has none. MeterDesk adds that path
 * itself, so with it the service's endpoints were asked for twice over and answered 404.
 */
export function withoutApiPath(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (!API_PATH.test(url.pathname)) return null;
  const base = url.pathname.replace(API_PATH, '').replace(/\/+$/, '');
  return `${url.origin}${base}`;
}
