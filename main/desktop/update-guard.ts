// The updater must never follow the feed to a non-https address (except this computer): not the
// feed itself, not a redirect, not a download address written in latest.yml. electron-updater
// sends every one of them through two methods of its HTTP executor (doApiRequest for the feed,
// doDownload for files), each calling itself again for a redirect; wrapping those two on the
// instance checks every hop before a connection is made. The downloaded file is then also checked
// against the SHA-512 the https feed gave, by electron-updater itself.
import { refusedUpdateUrl } from './update-feed';

/** Node/Electron request options as builder-util-runtime fills them from a URL. */
export interface RequestTarget {
  protocol?: string | null;
  hostname?: string | null;
  host?: string | null;
  port?: string | number | null;
  path?: string | null;
}

/** The two methods of builder-util-runtime's HttpExecutor every updater request goes through. */
export interface GuardableExecutor {
  doApiRequest(options: RequestTarget, ...rest: never[]): Promise<unknown>;
  doDownload(
    requestOptions: RequestTarget,
    options: { callback: (error: Error | null) => void },
    redirectCount: number,
  ): void;
}

export function requestUrl(options: RequestTarget): string {
  const host = options.hostname ?? options.host ?? '';
  const port =
    options.port !== undefined && options.port !== null && options.port !== ''
      ? `:${String(options.port)}`
      : '';
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `${options.protocol ?? 'https:'}//${bracketed}${port}${options.path ?? '/'}`;
}

export class RefusedUpdateRequestError extends Error {
  override readonly name = 'RefusedUpdateRequestError';
}

function refusal(options: RequestTarget): RefusedUpdateRequestError | null {
  const why = refusedUpdateUrl(requestUrl(options));
  return why === null
    ? null
    : new RefusedUpdateRequestError(`The update feed led elsewhere: ${why}`);
}

/** Wraps the executor's two request methods so every hop is checked first. */
export function guardUpdateRequests(executor: GuardableExecutor): void {
  const apiRequest = executor.doApiRequest.bind(executor);
  const download = executor.doDownload.bind(executor);
  executor.doApiRequest = (options, ...rest) => {
    const refused = refusal(options);
    return refused ? Promise.reject(refused) : apiRequest(options, ...rest);
  };
  executor.doDownload = (requestOptions, options, redirectCount) => {
    const refused = refusal(requestOptions);
    if (refused) {
      options.callback(refused);
      return;
    }
    download(requestOptions, options, redirectCount);
  };
}
