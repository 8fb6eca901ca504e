// The Electron main process: lifecycle only. It owns the window, the two URL schemes, IPC
// registration and the OS services; the engine, the queue and the key store run in the backend's
// utility process (docs/architecture.md). Everything it calls is plain Node in main/app and
// main/ipc, tested without Electron.
import { app, type BrowserWindow } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_PAGE_URL, EVENT_CHANNEL } from '../../common/ipc/channels';
import type { AppEvent } from '../../common/ipc/app-event';
import { BackendSupervisor } from '../app/backend-supervisor';
import { launchPaths } from '../app/launch-paths';
import { windowStateFile } from '../app/window-state';
import { userDataDir } from '../config/paths';
import { createDispatcher } from '../ipc/dispatch';
import { spawnUtilityBackend } from './backend-launcher';
import { desktopOs } from './desktop-os';
import { installGuards } from './guards';
import { registerIpc } from './ipc-registration';
import { watchNetworkHints } from './network-hints';
import { registerSchemes, serveSchemes } from './protocols';
import { createMainWindow } from './window';

const here = dirname(fileURLToPath(import.meta.url));
/** Unpackaged, argv is [electron, app path, ...]; packaged, [MeterDesk, ...]. */
const leadingArgs = app.isPackaged ? 1 : 2;
/** The per-user folder the CLI uses too (METER_DESK_DATA_DIR overrides it, e.g. in tests). */
const dataDir = userDataDir();

let window: BrowserWindow | null = null;
let supervisor: BackendSupervisor | null = null;

function log(line: string): void {
  console.log(`[MeterDesk] ${line}`);
}

function send(event: AppEvent): void {
  if (window && !window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event);
}

async function addFromCommandLine(argv: readonly string[], cwd: string): Promise<void> {
  const paths = launchPaths(argv, cwd, leadingArgs);
  if (!supervisor || paths.length === 0) return;
  await supervisor.ready();
  await supervisor.handlers.addPaths({ paths });
}

function focusWindow(): void {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

async function start(): Promise<void> {
  installGuards();
  const backend = new BackendSupervisor({
    spawn: () =>
      spawnUtilityBackend(join(here, 'backend-process.cjs'), {
        userDataDir: dataDir,
        appVersion: app.getVersion(),
      }),
    os: desktopOs(() => window),
    onEvent: send,
    log,
  });
  supervisor = backend;
  serveSchemes(join(here, '..', 'renderer'), (jobId) => backend.photoFile(jobId));
  registerIpc(
    createDispatcher({
      handlers: backend.handlers,
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
  let closed = false;
  app.on('before-quit', (event) => {
    if (closed) return;
    // Stop the engine and close the queue before the process goes (nothing is lost either way:
    // the queue is durable, but a clean stop spares the resume grace period next time).
    event.preventDefault();
    stopHints();
    void backend.close().finally(() => {
      closed = true;
      app.quit();
    });
  });
  await addFromCommandLine(process.argv, process.cwd());
}

// Chromium's own data (and the single-instance lock) beside the queue, in one per-user folder.
app.setPath('userData', dataDir);
if (!app.requestSingleInstanceLock()) {
  // Another MeterDesk is running: it gets our folders (second-instance) and shows its window.
  app.quit();
} else {
  registerSchemes();
  app.on('second-instance', (_event, argv, cwd) => {
    focusWindow();
    addFromCommandLine(argv, cwd).catch((error: unknown) => {
      log(`could not add folders from a second launch: ${String(error)}`);
    });
  });
  app.on('window-all-closed', () => {
    app.quit();
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log(`could not start: ${String(error)}`);
      app.exit(1);
    });
}
