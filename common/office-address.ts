// A pasted postgres:// address split into the Office settings' fields, so IT can hand a clerk the
// same address `meter-desk --office` takes. A password in it is refused, not kept: the password
// goes into its own field and from there into the keychain.
import type { OfficeSslMode } from './ipc/office-views';

export const DEFAULT_OFFICE_PORT = 5432;

export interface OfficeAddress {
  readonly host: string;
  readonly port: number;
  readonly database: string | null;
  readonly user: string | null;
  readonly sslmode: OfficeSslMode | null;
}

export type OfficeAddressParse =
  | { readonly ok: true; readonly address: OfficeAddress }
  | { readonly ok: false; readonly problem: 'notPostgres' | 'hasPassword' };

const SSL_MODES: Readonly<Record<string, OfficeSslMode>> = {
  disable: 'disable',
  require: 'require',
  'verify-full': 'verify-full',
};

export function isOfficeAddressText(text: string): boolean {
  return /^postgres(ql)?:\/\//i.test(text.trim());
}

export function parseOfficeAddress(text: string): OfficeAddressParse {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, problem: 'notPostgres' };
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return { ok: false, problem: 'notPostgres' };
  }
  if (url.password !== '' || [...url.searchParams.keys()].some((k) => /pass/i.test(k))) {
    return { ok: false, problem: 'hasPassword' };
  }
  const host = decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1');
  if (host === '') return { ok: false, problem: 'notPostgres' };
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const user = decodeURIComponent(url.username);
  return {
    ok: true,
    address: {
      host,
      port: url.port === '' ? DEFAULT_OFFICE_PORT : Number(url.port),
      database: database === '' ? null : database,
      user: user === '' ? null : user,
      sslmode: SSL_MODES[url.searchParams.get('sslmode') ?? ''] ?? null,
    },
  };
}
