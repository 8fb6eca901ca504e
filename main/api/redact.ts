// Secrets and control characters out of whatever text may reach an error, a log or the queue: the
// API key (the client's own, and every key the backend has seen) and the service's words.
const MAX_SERVER_TEXT = 300;

/** Control characters could forge log lines or terminal escapes; they become spaces. */
function withoutControls(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    out += code < 0x20 || code === 0x7f ? ' ' : ch;
  }
  return out;
}

/** Removes secrets (the API key) from text that will end up in an error. */
export type Redactor = (text: string) => string;

export function createRedactor(secrets: readonly string[]): Redactor {
  const present = secrets.filter((s) => s.length > 0);
  return (text) => present.reduce((acc, secret) => acc.split(secret).join('[redacted]'), text);
}

/**
 * Every string of a parsed answer with the secrets removed. A service (or proxy) that echoes the
 * Authorization header into a task's message, meter type or summary must not get the key into the
 * queue, the logs or an export through them.
 */
export function redactDeep(value: unknown, redact: Redactor): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[redact(k)] = redactDeep(v, redact);
  return out;
}

/** Server-supplied text, made safe to show: no secrets, no control characters, bounded length. */
export function safeText(raw: unknown, redact: Redactor): string {
  if (typeof raw !== 'string') return '';
  const clean = withoutControls(redact(raw)).replace(/ {2,}/g, ' ').trim();
  return clean.length > MAX_SERVER_TEXT ? `${clean.slice(0, MAX_SERVER_TEXT)}…` : clean;
}
