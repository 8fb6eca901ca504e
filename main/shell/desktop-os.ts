// What only main may do with the desktop: the dialogs it shows for the window, and the OS services
// the backend asks for (MAIN_CALLS): the file manager, notifications, the taskbar/dock, and
// Electron's safeStorage (main-process only) for the key fallback.
import { app, dialog, Notification, safeStorage, shell, type BrowserWindow } from 'electron';
import { mkdirSync } from 'node:fs';
import type { SafeStorageInfo } from '../../common/ipc/backend-views';
import type { MainServiceHandlers } from '../desktop/backend-client';
import type { DesktopDialogs, FileKind } from '../desktop/dialogs';

async function safeStorageInfo(): Promise<SafeStorageInfo> {
  const available = await safeStorage.isAsyncEncryptionAvailable();
  switch (process.platform) {
    case 'darwin':
      return { available, backend: 'macOS Keychain' };
    case 'win32':
      return { available, backend: 'Windows DPAPI' };
    default:
      return {
        available,
        backend: available ? safeStorage.getSelectedStorageBackend() : 'unknown',
      };
  }
}

const FILE_DIALOGS: Record<FileKind, { title: string; name: string; extensions: string[] }> = {
  readings: { title: 'Export readings', name: 'CSV', extensions: ['csv'] },
  billing: { title: 'Export for billing', name: 'CSV', extensions: ['csv'] },
  missing: { title: 'Export missing meters', name: 'CSV', extensions: ['csv'] },
  // An order file from billing may be any layout (docs/billing-files.md): .imp, .dat, none.
  route_sheet: {
    title: 'Load a route sheet',
    name: 'Route sheets and order files',
    extensions: ['csv', 'txt', 'imp', 'dat', '*'],
  },
  history: { title: 'Import meter history', name: 'CSV', extensions: ['csv', 'txt'] },
  template: { title: 'Export template', name: 'JSON', extensions: ['json'] },
  order_profile: { title: 'Order-file profile', name: 'JSON', extensions: ['json'] },
  return_file: { title: 'Return file for billing', name: 'All files', extensions: ['*'] },
  office_ca: {
    title: 'The office’s certificate authority',
    name: 'Certificates',
    extensions: ['pem', 'crt', 'cer'],
  },
  office_report: { title: 'Export office report', name: 'CSV', extensions: ['csv'] },
};

export function desktopDialogs(window: () => BrowserWindow | null): DesktopDialogs {
  return {
    async openFolder(path) {
      try {
        mkdirSync(path, { recursive: true });
      } catch (error) {
        return String(error);
      }
      // shell.openPath answers with an error message, empty when the folder was opened.
      const problem = await shell.openPath(path);
      return problem === '' ? null : problem;
    },
    async chooseSaveFile(defaultName, kind = 'readings') {
      const win = window();
      const look = FILE_DIALOGS[kind];
      const options = {
        title: look.title,
        defaultPath: defaultName,
        filters: [{ name: look.name, extensions: look.extensions }],
      };
      const result = win
        ? await dialog.showSaveDialog(win, options)
        : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async chooseOpenFile(kind) {
      const win = window();
      const look = FILE_DIALOGS[kind];
      const options = {
        title: look.title,
        filters: [{ name: look.name, extensions: look.extensions }],
        properties: ['openFile'] as 'openFile'[],
      };
      const result = win
        ? await dialog.showOpenDialog(win, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async chooseDataFolder() {
      const win = window();
      const options = {
        title: 'Folder for MeterDesk’s data',
        properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
      };
      const result = win
        ? await dialog.showOpenDialog(win, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async chooseFolders() {
      const win = window();
      const options = {
        title: 'Add folders of meter photos',
        properties: ['openDirectory', 'multiSelections'] as ('openDirectory' | 'multiSelections')[],
      };
      const result = win
        ? await dialog.showOpenDialog(win, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : result.filePaths;
    },
  };
}

export function desktopServices(window: () => BrowserWindow | null): MainServiceHandlers {
  return {
    showItemInFolder(path) {
      shell.showItemInFolder(path);
      return Promise.resolve(null);
    },
    notify(notice) {
      // Only when the person is not looking at the window already.
      if (Notification.isSupported() && !window()?.isFocused()) {
        const note = new Notification({ title: notice.title, body: notice.body });
        note.on('click', () => window()?.show());
        note.show();
      }
      return Promise.resolve(null);
    },
    setProgress({ fraction, badge }) {
      window()?.setProgressBar(fraction ?? -1);
      app.setBadgeCount(badge);
      return Promise.resolve(null);
    },
    safeStorageInfo,
    encryptString: async (plain) =>
      (await safeStorage.encryptStringAsync(plain)).toString('base64'),
    decryptString: async (sealed) =>
      (await safeStorage.decryptStringAsync(Buffer.from(sealed, 'base64'))).result,
  };
}
