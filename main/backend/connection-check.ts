// Onboarding's "Connect": one call each to quota and AI status with the address and key the person
// typed, and a specific sentence for each way that goes wrong (spec 5, 7: 401, 403; unreachable;
// not https). Nothing is stored here; the caller saves only what passed.
import type { AiInfo, QuotaInfo } from '../../common/engine-status';
import { createMeterApi } from '../api/client';
import { isApiError, type ApiError } from '../api/errors';
import { BaseUrlError, isLoopbackHost, parseBaseUrl } from '../api/http';
import { withoutApiPath } from '../../common/service-url';
import { AppError } from '../ipc/app-error';
import { toAiInfo, toQuotaInfo } from '../engine/remote-info';

/** Checks the address alone; throws AppError not_https / invalid_url. */
export function checkBaseUrl(raw: string): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError(
      'invalid_url',
      'The service address is not a valid URL. It looks like https://meters.example.com.',
    );
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new AppError(
      'not_https',
      url.protocol === 'http:'
        ? `The service address must start with https://: over plain http:// the API key would travel unencrypted to ${url.hostname}.`
        : 'The service address must start with https://.',
    );
  }
  const fixed = withoutApiPath(text);
  if (fixed !== null) {
    throw new AppError(
      'invalid_url',
      `The address includes the API path (${url.pathname}); MeterDesk adds that itself. Use ${fixed} instead.`,
    );
  }
  try {
    parseBaseUrl(text);
  } catch (error) {
    if (error instanceof BaseUrlError) throw new AppError('invalid_url', error.message);
    throw error;
  }
  return text.replace(/\/+$/, '');
}

/**
 * Why nothing could be reached, told apart: a name that does not exist is a typo, a refused
 * connection is a wrong port or a service that is not running, the rest is the network.
 */
function unreachableText(code: string, origin: string): string {
  const host = new URL(origin).hostname;
  switch (code) {
    case 'ENOTFOUND':
      return `The name ${host} does not exist: no computer on the network is called that. Check the spelling of the address.`;
    case 'EAI_AGAIN':
      return `The name ${host} could not be looked up: the network's name service does not answer. Check this computer's network connection.`;
    case 'ECONNREFUSED':
      return `${host} exists, but nothing listens at ${origin}. Check the port in the address, or whether the service is running.`;
    default:
      return `${origin} cannot be reached from this computer (${code}). Check the network connection, and any proxy or firewall.`;
  }
}

/** A failed call to the service as the person should read it. */
export function explainApiError(error: ApiError, origin: string): AppError {
  const info = error.info;
  switch (info.class) {
    case 'key_rejected':
      return new AppError(
        'key_rejected',
        'The service refused this API key (401). Check that the whole key was pasted and that it is still active on the API Keys page of the website.',
      );
    case 'permission_denied':
      return new AppError(
        'permission_denied',
        `The key is valid but not allowed to do this (403)${info.message ? `: ${info.message}` : ''}. The key may lack a scope, the account may be inactive, or this computer's IP address may be outside the key's allowlist.`,
      );
    case 'network_down':
      return new AppError('unreachable', unreachableText(info.code, origin));
    case 'retry_later':
      if (['timeout', 'connection_reset', 'transport'].includes(info.reason)) {
        return new AppError(
          'unreachable',
          `Cannot reach ${origin}: ${error.message} Check the address, the network and any proxy or firewall.`,
        );
      }
      if (info.reason === 'server_error') {
        return new AppError(
          'unavailable',
          `The service at ${origin} has a problem right now (${error.message}). Try again later.`,
        );
      }
      return new AppError(
        'bad_response',
        `Something else answers at ${origin}, not the meter-reading service (${error.message}). Check the address.`,
      );
    case 'service_hold':
      return new AppError(
        'unavailable',
        `The service at ${origin} is unavailable for now (maintenance or overload)${info.serviceSays ? `: ${info.serviceSays}` : ''}. Try again in a few minutes.`,
      );
    case 'rate_limited':
      return new AppError(
        'unavailable',
        `The service is limiting this key's requests; try again in ${String(Math.ceil(info.retryAfterMs / 1000))} s.`,
      );
    case 'not_found':
      return new AppError(
        'bad_response',
        `Something else answers at ${origin}, not the meter-reading service (it has no meter-reading API: 404). Check the address.`,
      );
    default:
      return new AppError('bad_response', error.message);
  }
}

export interface ConnectionInfo {
  readonly quota: QuotaInfo;
  readonly ai: AiInfo;
}

export async function checkConnection(baseUrl: string, apiKey: string): Promise<ConnectionInfo> {
  const address = checkBaseUrl(baseUrl);
  const origin = new URL(address).origin;
  let api;
  try {
    api = createMeterApi({
      baseUrl: address,
      apiKey,
      timeouts: { connectMs: 8_000, headersMs: 15_000, bodyMs: 15_000 },
    });
  } catch (error) {
    // Only the key can still be wrong here (the address passed checkBaseUrl); the message never
    // repeats it.
    throw new AppError('invalid_request', error instanceof Error ? error.message : String(error));
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
