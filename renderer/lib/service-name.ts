// Which service's queue is on screen, in words: each service keeps a queue of its own.
import type { TFunction } from 'i18next';
import type { ServiceView } from '../../common/ipc';
import { englishT } from '../i18n/english';

/** The service's host ("api.example.com"), or the address as given when it does not parse. */
export function serviceHost(baseUrl: string | null): string {
  if (!baseUrl) return '';
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

export function serviceName(view: ServiceView, t: TFunction = englishT('app')): string {
  if (view.kind === 'sandbox') return t('service.sandbox');
  if (view.kind === 'remote') return serviceHost(view.baseUrl) || t('service.remote');
  return t('service.none');
}
