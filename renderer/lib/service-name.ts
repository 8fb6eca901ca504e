// Which service's queue is on screen, in words: each service keeps a queue of its own.
import type { ServiceView } from '../../common/ipc';

/** The service's host ("api.example.com"), or the address as given when it does not parse. */
export function serviceHost(baseUrl: string | null): string {
  if (!baseUrl) return '';
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

export function serviceName(view: ServiceView): string {
  if (view.kind === 'sandbox') return 'the built-in sandbox';
  if (view.kind === 'remote') return serviceHost(view.baseUrl) || 'your reading service';
  return 'no service';
}
