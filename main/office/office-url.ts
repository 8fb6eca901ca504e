// The office database's address as the desk is given it (`--office`, METER_DESK_OFFICE_URL): a
// PostgreSQL URL whose password must never reach a log line, an error or the window.

/** The URL with its password replaced by `***` (unparseable text is hidden whole). */
export function redactOfficeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const key of [...parsed.searchParams.keys()]) {
      if (/pass/i.test(key)) parsed.searchParams.set(key, '***');
    }
    return parsed.toString();
  } catch {
    return '(an office database address that is not a URL)';
  }
}

/** The password of an office URL, decoded, or null. */
function passwordOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.password ? decodeURIComponent(parsed.password) : null;
  } catch {
    return null;
  }
}

/**
 * Any text with the office URL and its password taken out: a driver's error may quote the
 * connection string, and a message built by someone else may carry it.
 */
export function redactOfficeText(text: string, url: string): string {
  let out = text.split(url).join(redactOfficeUrl(url));
  const secret = passwordOf(url);
  if (secret) {
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      out = out.split(form).join('***');
    }
  }
  return out;
}

/** Whether the text looks like a PostgreSQL URL at all (for a usage error before connecting). */
export function isOfficeUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'postgres:' || protocol === 'postgresql:';
  } catch {
    return false;
  }
}
