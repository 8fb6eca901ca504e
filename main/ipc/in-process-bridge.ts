// The bridge for end-to-end tests: the same MeterDeskBridge type the preload exposes, implemented in
// plain Node by calling the real dispatcher (real handlers, real engine, real SQLite). Payloads and
// replies are structured-cloned both ways, as Electron's IPC does, so whatever passes here would
// pass the real bridge. Issue 5's Playwright tests expose it to the page.
import type { DroppedFile, MeterDeskBridge } from '../../common/ipc/bridge';
import { CHANNEL_NAMES } from '../../common/ipc/channels';
import type { AppEvent } from '../../common/ipc/app-event';
import { fail, type Result } from '../../common/ipc/result';
import type { Dispatcher } from './dispatch';
import type { SenderInfo } from './sender';

export interface InProcessBridgeOptions {
  readonly dispatcher: Dispatcher;
  /** Who the calls claim to come from (tests of foreign senders pass another). */
  readonly sender: SenderInfo;
  readonly subscribe: (listener: (event: AppEvent) => void) => () => void;
  /** webUtils.getPathForFile's stand-in; by default a `path` property on the dropped item. */
  readonly pathForFile?: (file: DroppedFile) => string;
}

function defaultPathForFile(file: DroppedFile): string {
  const path = (file as { path?: unknown }).path;
  return typeof path === 'string' ? path : '';
}

export function createInProcessBridge(options: InProcessBridgeOptions): MeterDeskBridge {
  const { dispatcher, sender } = options;
  const pathForFile = options.pathForFile ?? defaultPathForFile;
  const call = async (channel: string, request: unknown): Promise<Result<unknown>> =>
    structuredClone(await dispatcher.dispatch(channel, sender, structuredClone(request ?? {})));
  const calls = Object.fromEntries(
    CHANNEL_NAMES.map((name) => [name, (request?: unknown) => call(name, request)]),
  );
  const bridge = {
    ...calls,
    addDroppedFiles: (files: readonly DroppedFile[]) => {
      const paths = files.map(pathForFile).filter((p) => p !== '');
      if (paths.length === 0) {
        return Promise.resolve(
          fail('invalid_request', 'Nothing that was dropped is a file or folder.'),
        );
      }
      return call('addPaths', { paths });
    },
    onEvent: (listener: (event: AppEvent) => void) =>
      options.subscribe((event) => {
        listener(structuredClone(event));
      }),
  };
  // The mapped type cannot be built key by key; every channel is covered by CHANNEL_NAMES.
  return bridge as unknown as MeterDeskBridge;
}
