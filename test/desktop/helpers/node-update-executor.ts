// electron-updater's HTTP executor in the app is Electron's net module; this is the same executor
// contract over Node's http/https, so the real updater runs in tests without Electron. Its two
// methods mirror builder-util's NodeHttpExecutor (createRequest) and electron-updater's own
// ElectronHttpExecutor (download).
import type { ClientRequest, IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { RequestOptions } from 'node:https';
import {
  configureRequestOptions,
  configureRequestUrl,
  HttpExecutor,
  type DownloadOptions,
} from 'builder-util-runtime';

export class NodeUpdateExecutor extends HttpExecutor<ClientRequest> {
  /** Every address asked for, in order (redirect hops included). */
  readonly requested: string[] = [];

  createRequest(
    options: RequestOptions,
    callback: (response: IncomingMessage) => void,
  ): ClientRequest {
    this.requested.push(
      `${options.protocol ?? 'https:'}//${options.hostname ?? ''}:${String(options.port ?? '')}${options.path ?? ''}`,
    );
    return (options.protocol === 'http:' ? httpRequest : httpsRequest)(options, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => {
            if (error) reject(error);
            else resolve(destination);
          },
          responseHandler: null,
        },
        0,
      );
    });
  }
}
