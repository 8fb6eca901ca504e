// Onboarding's "Connect": one call each to quota and AI status with the address and key the person
// typed, and a specific sentence for each way that goes wrong (spec 5, 7: 401, 403; unreachable;
// not https). Nothing is stored here; the caller saves only what passed.
import type { AiInfo, QuotaInfo } from '../../common/engine-status';
import { createMeterApi } from '../api/client';
import { isApiError, type ApiError } from '../api/errors';
import { isLoopbackHost, parseBaseUrl } from '../api/http';
import type { NetworkSettings } from '../api/network';
import { withoutApiPath } from '../../common/service-url';
import { replyMessage, type ReplyMessage } from '../../common/reply-messages';
import { AppError } from '../ipc/app-error';
import { toAiInfo, toQuotaInfo } from '../engine/remote-info';

/** Checks the address alone; throws AppError not_https / invalid_url. */
export function checkBaseUrl(raw: string): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('invalid_url', replyMessage('addressNotUrl', {}));
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    const host = url.protocol === 'http:' ? url.hostname : '';
    throw new AppError('not_https', replyMessage('addressNotHttps', { host }));
  }
  const fixed = withoutApiPath(text);
  if (fixed !== null) {
    throw new AppError(
      'invalid_url',
      replyMessage('addressHasApiPath', { path: url.pathname, fixed }),
    );
  }
  // parseBaseUrl's own refusals that the checks above leave, each as its code.
  if (url.username !== '' || url.password !== '') {
    throw new AppError('invalid_url', replyMessage('addressHasCredentials', {}));
  }
  if (url.search !== '' || url.hash !== '') {
    throw new AppError('invalid_url', replyMessage('addressHasQuery', {}));
  }
  parseBaseUrl(text);
  return text.replace(/\/+$/, '');
}

/**
 * Why nothing could be reached, told apart: a name that does not exist is a typo, a refused
 * connection is a wrong port or a service that is not running, the rest is the network.
 */
function unreachable(code: string, origin: string): ReplyMessage {
  const host = new URL(origin).hostname;
  switch (code) {
    case 'ENOTFOUND':
      return replyMessage('nameNotFound', { host });
    case 'EAI_AGAIN':
      return replyMessage('nameNotLookedUp', { host });
    case 'ECONNREFUSED':
      return replyMessage('nothingListens', { host, origin });
    default:
      return replyMessage('originUnreachable', { origin, code });
  }
}

/** A failed call to the service as the person should read it. */
export function explainApiError(error: ApiError, origin: string): AppError {
  const info = error.info;
  switch (info.class) {
    case 'key_rejected':
      return new AppError('key_rejected', replyMessage('serviceRefusedKey', {}));
    case 'permission_denied':
      return new AppError(
        'permission_denied',
        replyMessage('keyNotAllowed', { serviceSays: info.message }),
      );
    case 'network_down':
      return new AppError('unreachable', unreachable(info.code, origin));
    case 'retry_later':
      if (['timeout', 'connection_reset', 'transport'].includes(info.reason)) {
        return new AppError(
          'unreachable',
          replyMessage('cannotReach', { origin, detail: error.message }),
        );
      }
      if (info.reason === 'server_error') {
        return new AppError(
          'unavailable',
          replyMessage('serviceFaulty', { origin, detail: error.message }),
        );
      }
      return new AppError(
        'bad_response',
        replyMessage('notTheService', { origin, detail: error.message }),
      );
    case 'service_hold':
      return new AppError(
        'unavailable',
        replyMessage('serviceOnHold', { origin, serviceSays: info.serviceSays }),
      );
    case 'rate_limited':
      return new AppError(
        'unavailable',
        replyMessage('keyRateLimited', { seconds: Math.ceil(info.retryAfterMs / 1000) }),
      );
    case 'not_found':
      return new AppError('bad_response', replyMessage('notTheService', { origin, detail: '' }));
    default:
      return new AppError(
        'bad_response',
        replyMessage('serviceAnswerUnusable', { detail: error.message }),
      );
  }
}

export interface ConnectionInfo {
  readonly quota: QuotaInfo;
  readonly ai: AiInfo;
}

export async function checkConnection(
  baseUrl: string,
  apiKey: string,
  network?: NetworkSettings,
): Promise<ConnectionInfo> {
  const address = checkBaseUrl(baseUrl);
  const origin = new URL(address).origin;
  let api;
  try {
    api = createMeterApi({
      baseUrl: address,
      apiKey,
      timeouts: { connectMs: 8_000, headersMs: 15_000, bodyMs: 15_000 },
      ...(network && { network }),
    });
  } catch (error) {
    // Only the key can still be wrong here (the address passed checkBaseUrl); the message never
    // repeats it.
    const detail = error instanceof Error ? error.message : String(error);
    throw new AppError('invalid_request', replyMessage('keyNotUsable', { detail }));
  }
  try {
    const [quota, ai] = await Promise.all([api.getQuota(), api.getAiStatus()]);
    return { quota: toQuotaInfo(quota, Date.now()), ai: toAiInfo(ai, Date.now()) };
  } catch (error) {
    if (isApiError(error)) throw explainApiError(error, origin);
    throw error;
  } finally {
    await api.close();
  }
}
