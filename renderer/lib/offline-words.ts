// Why the service cannot be reached, in the window's words, from the offline hold's code: the cause
// (the system's network error code or the retry reason's class) and what the engine said about it.
import type { TFunction } from 'i18next';
import type { Catalogue } from '../i18n/catalogues';
import { englishT } from '../i18n/english';

type BannersT = TFunction<'banners'>;

type OfflineCause =
  'refused' | 'noName' | 'noRoute' | 'timeout' | 'tls' | 'reset' | 'server' | 'other';

const OFFLINE_CAUSES: Readonly<Record<string, OfflineCause>> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'noName',
  EAI_AGAIN: 'noName',
  ENETUNREACH: 'noRoute',
  EHOSTUNREACH: 'noRoute',
  ENETDOWN: 'noRoute',
  EADDRNOTAVAIL: 'noRoute',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  timeout: 'timeout',
  tls: 'tls',
  connection_reset: 'reset',
  server_error: 'server',
};

/** Why the service cannot be reached, from the hold's code, in the window's words. */
export function offlineCause(code: string | null, t: BannersT = englishT('banners')): string {
  const cause: OfflineCause = (code === null ? undefined : OFFLINE_CAUSES[code]) ?? 'other';
  return t(`offline.cause.${cause}`);
}

type RetryDetail = Exclude<keyof Catalogue['banners']['offline']['detail'], 'networkDown'>;

const RETRY_DETAILS: readonly RetryDetail[] = [
  'server_error',
  'timeout',
  'connection_reset',
  'redirect',
  'unexpected_status',
  'non_json_body',
  'malformed_json',
  'invalid_body',
  'body_too_large',
  'server_refused',
  'tls',
  'proxy_auth',
  'proxy_refused',
  'transport',
];

/**
 * What went wrong for an offline hold, by its code, in one sentence: the cause where the code names
 * one ("Nothing answers at the service's address"), else what the engine said about a retry
 * reason, else "cannot reach" for another system network code; null with no code (the body then
 * says the general cause; the network layer's English is the log's alone).
 */
export function offlineDetail(
  code: string | null,
  t: BannersT = englishT('banners'),
): string | null {
  if (code === null) return null;
  if (OFFLINE_CAUSES[code] !== undefined) return offlineCause(code, t);
  const retry = RETRY_DETAILS.find((r) => r === code);
  return t(retry === undefined ? 'offline.detail.networkDown' : `offline.detail.${retry}`);
}
