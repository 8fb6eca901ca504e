// Authentication (spec 5.4: 401) and account policy (spec 5.5: 403). 401 bodies follow spec 7;
// 403 bodies are the sandbox's choice: {ok:false, error:'forbidden', reason, message}.

import type { KeyRecord, KeyRegistry } from './keys';
import type { Scope } from './scopes';

export type AuthResult = { ok: true; key: KeyRecord } | { ok: false; message: string };

export type ForbiddenReason = 'account_inactive' | 'ip_not_allowed' | 'missing_scope';

export interface Forbidden {
  readonly reason: ForbiddenReason;
  readonly message: string;
  readonly requiredScope?: Scope;
}

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

export function authenticate(
  keys: KeyRegistry,
  header: string | undefined,
  now: number,
): AuthResult {
  if (header === undefined || header.trim() === '') {
    return { ok: false, message: 'Missing Authorization header; send "Bearer <API key>".' };
  }
  const match = BEARER.exec(header);
  const token = match?.[1];
  if (token === undefined) {
    return { ok: false, message: 'Malformed Authorization header; send "Bearer <API key>".' };
  }
  const key = keys.get(token);
  if (!key) return { ok: false, message: 'Invalid API key.' };
  if (key.disabled) return { ok: false, message: 'This API key is disabled.' };
  if (key.expiresAt !== null && now >= key.expiresAt) {
    return { ok: false, message: 'This API key has expired.' };
  }
  return { ok: true, key };
}

/** Checks that do not depend on the endpoint: account state, then source address. */
export function checkAccess(key: KeyRecord, clientIp: string): Forbidden | null {
  if (!key.user.active) {
    return { reason: 'account_inactive', message: 'The account of this API key is not active.' };
  }
  if (!key.allowlist.allows(clientIp)) {
    return {
      reason: 'ip_not_allowed',
      message: `Source address ${clientIp} is not in this API key's allowlist.`,
    };
  }
  return null;
}

export function checkScope(key: KeyRecord, scope: Scope): Forbidden | null {
  if (key.scopes.has(scope)) return null;
  return {
    reason: 'missing_scope',
    message: `This API key lacks the scope "${scope}".`,
    requiredScope: scope,
  };
}
