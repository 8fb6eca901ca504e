// One ipcMain.handle per contract channel, all into the dispatcher (sender check, validation,
// result union). Nothing else listens on IPC.
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNEL_NAMES, invokeChannel } from '../../common/ipc/channels';
import type { Dispatcher } from '../ipc/dispatch';
import type { SenderInfo } from '../ipc/sender';

function senderOf(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.id,
    frameUrl: frame?.url ?? null,
    isMainFrame: frame !== null && frame === event.sender.mainFrame,
  };
}

export function registerIpc(dispatcher: Dispatcher): void {
  for (const name of CHANNEL_NAMES) {
    ipcMain.handle(invokeChannel(name), (event, payload: unknown) =>
      dispatcher.dispatch(name, senderOf(event), payload),
    );
  }
}
