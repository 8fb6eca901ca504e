// What is wrong with a typed service address (null: nothing). A kind rather than words, so the
// forms that check an address (onboarding, Settings) say it with the same catalogue entries.
import { withoutApiPath } from '../../common/service-url';

export type AddressProblem = 'empty' | 'notUrl' | 'noScheme' | 'notHttps' | 'apiPath';

/** The onboarding catalogue's words for each problem (its `form` section serves both forms). */
export const ADDRESS_PROBLEM_WORDS = {
  empty: 'form.addressEmpty',
  notUrl: 'form.addressInvalid',
  noScheme: 'form.addressNoScheme',
  notHttps: 'form.addressNotHttps',
  apiPath: 'form.addressApiPath',
} as const satisfies Record<AddressProblem, `form.${string}`>;

/** A scheme at the start ("https://"): without one, "localhost:8787" parses as scheme "localhost:". */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A host name or IPv4 address, an optional port and path: what people type for a web address. */
const HOST =
  /^(?<host>[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?<port>:\d{1,5})?(?:\/\S*)?$/i;
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The address MeterDesk uses for what was typed: a bare host name ("ablesung.stadtwerke.de", a
 * name with a dot, no port) gets https:// in front; anything else stays as typed (trimmed).
 */
export function serviceAddress(text: string): string {
  const value = text.trim();
  const host = SCHEME.test(value) ? null : HOST.exec(value);
  if (!host?.groups || host.groups.port !== undefined) return value;
  return host.groups.host?.includes('.') === true ? `https://${value}` : value;
}

/**
 * A host and port typed without a scheme ("127.0.0.1:8787"): the address with one (http:// for
 * this computer, else https://), for the field to offer; null for anything else.
 */
export function withSchemeOffered(text: string): string | null {
  const value = text.trim();
  const host = SCHEME.test(value) ? null : HOST.exec(value);
  if (!host?.groups || host.groups.port === undefined) return null;
  return `${LOCAL_HOSTS.includes(host.groups.host ?? '') ? 'http' : 'https'}://${value}`;
}

export function addressProblem(text: string): AddressProblem | null {
  const value = serviceAddress(text);
  if (value === '') return 'empty';
  // "127.0.0.1:8787" was "not a web address" (and "localhost:8787" a scheme of its own).
  if (withSchemeOffered(value) !== null) return 'noScheme';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'notUrl';
  }
  const local = LOCAL_HOSTS.includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return 'notHttps';
  if (withoutApiPath(value) !== null) return 'apiPath';
  return null;
}
