// Where updates come from: a generic feed (the folder electron-builder's latest*.yml and installers
// are copied to) that the office's IT names in one machine-wide file. No file, or no URL in it:
// updates are off, which is the default. The feed must be https; plain http only on this computer
// (loopback), for a test feed. Plain Node (the main process reads it; tests read their own file).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The machine-wide file, writable by administrators only:
 *   Windows  %ProgramData%\MeterDesk\update.json   (C:\ProgramData\MeterDesk\update.json)
 *   macOS    /Library/Application Support/MeterDesk/update.json
 *   Linux    /etc/meterdesk/update.json
 */
export function machineUpdateConfigFile(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (platform === 'win32') {
    return path.win32.join(env.ProgramData ?? 'C:\\ProgramData', 'MeterDesk', 'update.json');
  }
  if (platform === 'darwin') return '/Library/Application Support/MeterDesk/update.json';
  return '/etc/meterdesk/update.json';
}

export type UpdateFeed =
  | { readonly kind: 'off'; readonly why: string }
  | { readonly kind: 'feed'; readonly url: string; readonly file: string }
  | { readonly kind: 'invalid'; readonly problem: string; readonly file: string };

const configSchema = z.strictObject({
  /** The feed folder's address; empty or null turns updates off explicitly. */
  url: z.string().max(2048).nullable(),
});

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Why the updater must not fetch this address, or null when it may: https anywhere, http only to
 * this computer. Checked for the feed itself and for every request the updater makes, redirects
 * and download addresses named by the feed included (update-guard.ts).
 */
export function refusedUpdateUrl(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return `"${address.slice(0, 200)}" is not a valid address.`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return null;
  return `${url.protocol}//${url.host} is not allowed for updates: use https:// (plain http:// only for this computer, 127.0.0.1 or localhost).`;
}

/** The feed named in `file`, updates off when there is none, or what is wrong with the file. */
export function readUpdateFeed(file: string): UpdateFeed {
  if (!existsSync(file)) {
    return {
      kind: 'off',
      why: `Automatic updates are off: no update feed is configured (IT can name one in ${file}).`,
    };
  }
  const invalid = (problem: string): UpdateFeed => ({
    kind: 'invalid',
    problem: `Automatic updates are off: ${file} ${problem}`,
    file,
  });
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return invalid(`cannot be read as JSON (${(error as Error).message}).`);
  }
  const parsed = configSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `"${issue.path.join('.')}": ` : '';
    return invalid(
      `is not valid: ${where}${issue?.message ?? 'unexpected content'}. Expected {"url": "https://…"}.`,
    );
  }
  const url = parsed.data.url?.trim() ?? '';
  if (url === '') return { kind: 'off', why: `Automatic updates are turned off in ${file}.` };
  const refused = refusedUpdateUrl(url);
  if (refused !== null) return invalid(`names a feed that cannot be used: ${refused}`);
  // electron-updater resolves latest.yml against the feed as a folder.
  return { kind: 'feed', url: url.endsWith('/') ? url : `${url}/`, file };
}

/**
 * The feed the machine policy names (main/config/policy.ts, updateFeedUrl) wins over update.json:
 * one place for IT to set everything. '' turns updates off; an address is checked as the file's.
 */
export function policyUpdateFeed(url: string, source: string): UpdateFeed {
  const trimmed = url.trim();
  if (trimmed === '') return { kind: 'off', why: `Automatic updates are turned off by ${source}.` };
  const refused = refusedUpdateUrl(trimmed);
  if (refused !== null) {
    return {
      kind: 'invalid',
      problem: `Automatic updates are off: ${source} names a feed that cannot be used: ${refused}`,
      file: source,
    };
  }
  return { kind: 'feed', url: trimmed.endsWith('/') ? trimmed : `${trimmed}/`, file: source };
}
