// The one window: hardened web preferences, the app page over its own scheme, size and position
// remembered between runs.
import { BrowserWindow, screen } from 'electron';
import { APP_PAGE_URL } from '../../common/ipc/channels';
import {
  DEFAULT_WINDOW,
  fitWindow,
  loadWindowState,
  saveWindowState,
  type Rect,
} from '../desktop/window-state';

export function createMainWindow(options: {
  preload: string;
  stateFile: string;
  devTools: boolean;
}): BrowserWindow {
  const saved = loadWindowState(options.stateFile);
  const primary = screen.getPrimaryDisplay();
  const areas: Rect[] = [
    primary.workArea,
    ...screen
      .getAllDisplays()
      .filter((d) => d.id !== primary.id)
      .map((d) => d.workArea),
  ];
  const win = new BrowserWindow({
    ...fitWindow(saved.bounds, areas),
    minWidth: DEFAULT_WINDOW.minWidth,
    minHeight: DEFAULT_WINDOW.minHeight,
    show: false,
    title: 'MeterDesk',
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // Middle-click would otherwise try to open links in a new window.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      devTools: options.devTools,
    },
  });
  win.once('ready-to-show', () => {
    if (saved.maximized) win.maximize();
    win.show();
  });
  win.on('close', () => {
    saveWindowState(options.stateFile, {
      bounds: win.getNormalBounds(),
      maximized: win.isMaximized(),
    });
  });
  void win.loadURL(APP_PAGE_URL);
  return win;
}
