// Turning response bytes into JSON without ever throwing: what went wrong is returned, and
// classify.ts decides what it means.
import type { BodyProblem } from './classify';
import { headerValue, type HeaderMap } from './limits';

export type ParsedBody =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly problem: BodyProblem; readonly detail: string };

// fatal: invalid UTF-8 is a damaged body, not something to paper over with U+FFFD in a reading.
const decoder = new TextDecoder('utf-8', { fatal: true });

export function parseJsonBody(bytes: Uint8Array, headers: HeaderMap): ParsedBody {
  const contentType = (headerValue(headers, 'content-type') ?? '').toLowerCase();
  const looksJson = contentType.includes('json');
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, problem: 'malformed_json', detail: 'body is not valid UTF-8' };
  }
  if (text.trim() === '') {
    return { ok: false, problem: 'non_json_body', detail: 'empty body' };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // An HTML error page from a proxy or captive portal is the usual culprit.
    const page = !looksJson || text.trimStart().startsWith('<');
    return page
      ? { ok: false, problem: 'non_json_body', detail: `content-type ${contentType || 'none'}` }
      : { ok: false, problem: 'malformed_json', detail: 'JSON.parse failed' };
  }
}
