// The Electron main process: lifecycle only. It owns the window, the two URL schemes, IPC
// registration, the OS services and automatic updates; the engine, the queue and the key store
// run in the backend's utility process (docs/architecture.md). Everything it calls is plain Node
// in main/desktop, main/ipc and the electron-free helpers here, tested without Electron.
import { app, Menu, type BrowserWindow } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_PAGE_URL, EVENT_CHANNEL } from '../../common/ipc/channels';
import { appChangedEvent, type AppEvent } from '../../common/ipc/app-event';
import { APP_ID, appMenuTemplate } from '../desktop/app-menu';
import { BackendSupervisor } from '../desktop/backend-supervisor';
import { createWindowCalls } from '../desktop/window-calls';
import { windowStateFile } from '../desktop/window-state';
import { logsDir, userDataDir } from '../config/paths';
import { tryMoveRoamingData } from '../config/roaming-move';
import { LOG_FILE_NAME, RotatingLog } from '../logs/rotating-log';
import { systemClock } from '../time/clock';
import { createDispatcher } from '../ipc/dispatch';
import { startAutoUpdates } from './auto-update';
import { spawnUtilityBackend } from './backend-launcher';
import { desktopDialogs, desktopServices } from './desktop-os';
import { installGuards } from './guards';
import { registerIpc } from './ipc-registration';
import { unpackedPath } from './native-bindings';
import { NATIVES_FOLDER } from './native-stamp';
import { watchNetworkHints } from './network-hints';
import { registerSchemes, serveSchemes } from './protocols';
import { backendEnvironment } from './system-proxy';
import { launchSingleInstance, type RunningInstance } from './single-instance';
import { createMainWindow } from './window';

const here = dirname(fileURLToPath(import.meta.url));
/** An older version's roaming data folder moves to the local one first (Windows only). */
const roamingMove = tryMoveRoamingData();
/** The per-user folder the CLI uses too (METER_DESK_DATA_DIR overrides it, e.g. in tests). */
const dataDir = userDataDir();
/** better-sqlite3 and keytar built for this Electron (scripts/prepare-natives.ts). */
const nativesDir = unpackedPath(join(here, '..', '..', NATIVES_FOLDER));

let window: BrowserWindow | null = null;

/** The log file IT collects (docs/deployment.md, "Logs"): main's lines and the backend's. */
const logFile = new RotatingLog({
  file: join(logsDir(dataDir), LOG_FILE_NAME),
  clock: systemClock,
});

function log(line: string): void {
  console.log(`[MeterDesk] ${line}`);
  try {
    logFile.write(line);
  } catch {
    // A full or read-only disk must not stop the app; the console still has the line.
  }
}

function send(event: AppEvent): void {
  if (window && !window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event);
}

function focusWindow(): void {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

function start(backendEnv: NodeJS.ProcessEnv): RunningInstance {
  installGuards();
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({ platform: process.platform, development: !app.isPackaged }),
    ),
  );
  const backend = new BackendSupervisor({
    spawn: () =>
      spawnUtilityBackend(
        join(here, 'backend-process.cjs'),
        { userDataDir: dataDir, appVersion: app.getVersion() },
        nativesDir,
        backendEnv,
      ),
    services: desktopServices(() => window),
    onEvent: send,
    log,
    // A backend that stops answering (a stuck call, an endless loop) is restarted.
    watchdog: {},
  });
  // Told to the window on each change: "appChanged" makes it ask again (getUpdateStatus).
  const updates = startAutoUpdates(() => {
    send(appChangedEvent());
  }, log);
  serveSchemes(join(here, '..', 'renderer'), (jobId) => backend.photoFile(jobId));
  registerIpc(
    createDispatcher({
      // Dialogs and updates are the main process's own; everything else goes to the backend.
      calls: createWindowCalls({
        backend: backend.calls,
        dialogs: desktopDialogs(() => window),
        updateStatus: () => updates.view(),
        logFolder: logsDir(dataDir),
      }),
      trusted: () => ({ webContentsId: window?.webContents.id ?? null, pageUrl: APP_PAGE_URL }),
      log,
    }),
  );
  window = createMainWindow({
    preload: join(here, '..', 'preload', 'index.cjs'),
    stateFile: windowStateFile(dataDir),
    devTools: !app.isPackaged,
  });
  window.on('closed', () => {
    window = null;
  });
  const stopHints = watchNetworkHints((why) => {
    log(`network hint: ${why}`);
    backend.networkHint();
  });
  // The engine's requests are Chromium's (net.fetch in the backend): a proxy that asks for a
  // password it cannot take from the system's sign-in (NTLM, Kerberos) is cancelled, and the
  // engine then says the proxy wants credentials; this line tells IT which proxy asked.
  app.on('login', (_event, webContents, _details, authInfo) => {
    if (webContents === null && authInfo.isProxy) {
      log(`proxy ${authInfo.host}:${authInfo.port} asks for a sign-in (${authInfo.scheme})`);
    }
  });
  let closed = false;
  app.on('before-quit', (event) => {
    if (closed) return;
    // Stop the engine and close the queue before the process goes (nothing is lost either way:
    // the queue is durable, but a clean stop spares the resume grace period next time). A
    // downloaded update installs after this, on quit (electron-updater).
    event.preventDefault();
    stopHints();
    updates.stop();
    void backend.close().finally(() => {
      closed = true;
      app.quit();
    });
  });
  return {
    focus: focusWindow,
    addPaths: async (paths) => {
      await backend.ready();
      const added = await backend.calls.addPaths({ paths: [...paths] });
      if (!added.ok) throw new Error(added.error.message);
    },
  };
}

if (roamingMove.moved) {
  log(`data folder moved from ${roamingMove.from} to ${roamingMove.to} (${roamingMove.how})`);
} else if ('problem' in roamingMove) {
  log(roamingMove.problem);
}
// Chromium's own data (and the single-instance lock) beside the queue, in one per-user folder.
app.setPath('userData', dataDir);
// Windows shows a notification only for an app whose AppUserModelID has a Start-menu shortcut:
// the NSIS installer's shortcut carries electron-builder's appId.
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
const first = launchSingleInstance(app, {
  argv: process.argv,
  cwd: process.cwd(),
  packaged: app.isPackaged,
  // Only the first launch starts anything: one window, one engine on the queue.
  start: () => {
    registerSchemes();
    return app
      .whenReady()
      .then(() => backendEnvironment(dataDir, log))
      .then(start)
      .catch((error: unknown) => {
        log(`could not start: ${String(error)}`);
        app.exit(1);
        throw error;
      });
  },
  log,
});
if (first) {
  // macOS hands folders dropped on the Dock icon to the running app this way, not in argv.
  app.on('open-file', (event, path) => {
    event.preventDefault();
    first.handOver([path]);
  });
  app.on('window-all-closed', () => {
    app.quit();
  });
}
