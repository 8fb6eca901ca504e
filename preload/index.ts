// The preload: window.meterDesk, derived from the contract. One function per channel (each an
// ipcRenderer.invoke that answers a result union), dropped files resolved to paths here (the page
// never sees a path it did not get from main), and one event subscription. Bundled to CommonJS:
// sandboxed preloads cannot load ES modules or anything but electron's renderer modules.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { CHANNEL_NAMES, EVENT_CHANNEL, invokeChannel } from '../common/ipc/channels';
import type { AppEvent, DroppedFile, MeterDeskBridge } from '../common/ipc';

const calls = Object.fromEntries(
  CHANNEL_NAMES.map((name) => [
    name,
    (request?: unknown): Promise<unknown> => ipcRenderer.invoke(invokeChannel(name), request ?? {}),
  ]),
);

const bridge = {
  ...calls,
  addDroppedFiles: (files: readonly DroppedFile[]): Promise<unknown> => {
    // The page hands over DOM File objects from a drop; only the preload can ask for their paths.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- see above
    const paths = Array.from(files, (file) => webUtils.getPathForFile(file as File)).filter(
      (path) => path !== '',
    );
    return ipcRenderer.invoke(invokeChannel('addPaths'), { paths });
  },
  onEvent: (listener: (event: AppEvent) => void): (() => void) => {
    // The IpcRendererEvent (with its sender) stays here; the page gets the data only.
    const forward = (_event: IpcRendererEvent, payload: AppEvent): void => {
      listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
};

// The mapped bridge type cannot be built key by key; CHANNEL_NAMES covers every channel.
const typed: MeterDeskBridge = bridge as unknown as MeterDeskBridge;
contextBridge.exposeInMainWorld('meterDesk', typed);
