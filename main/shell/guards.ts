// App-wide guards on every web page Electron creates: no navigation away from the app's page, no new
// windows, no <webview>, and every permission request (camera, notifications, geolocation, ...)
// refused; the window needs none of them.
import { app, session, type WebContents } from 'electron';
import { APP_ORIGIN } from '../../common/ipc/channels';

function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

function guard(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  // No second window, not even for links: the app has none it needs to open.
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export function installGuards(): void {
  app.on('web-contents-created', (_event, contents) => {
    guard(contents);
  });
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, _permission, callback) => {
    callback(false);
  });
  ses.setPermissionCheckHandler(() => false);
}
