// MeterDesk's own menu in place of Electron's default one (Reload, Toggle Developer Tools, Help →
// electronjs.org): the app, editing (macOS needs an Edit menu for ⌘C/⌘V in text fields) and the
// window. Only Electron's standard menu roles, which Electron fills and the system words in its
// language; the View menu (Reload, developer tools) only in a development build. A plain template
// the shell hands to Menu.buildFromTemplate, so what it holds is tested without Electron.

/** The app's id: electron-builder.yml's appId, Windows' AppUserModelID for its notifications. */
export const APP_ID = 'com.meterdesk.desktop';

/** Electron's whole-menu roles used here (MenuItemConstructorOptions['role']). */
export type MenuRole = 'appMenu' | 'fileMenu' | 'editMenu' | 'viewMenu' | 'windowMenu';

export interface MenuItemTemplate {
  readonly role: MenuRole;
}

export function appMenuTemplate(options: {
  readonly platform: NodeJS.Platform;
  /** A development build (npm start) also gets the View menu: Reload, developer tools. */
  readonly development: boolean;
}): MenuItemTemplate[] {
  const developer: MenuItemTemplate[] = options.development ? [{ role: 'viewMenu' }] : [];
  // macOS: MeterDesk (About, Hide, Quit), Edit, Window. Elsewhere: File (Quit) and Edit; the
  // window's own close button closes it.
  return options.platform === 'darwin'
    ? [{ role: 'appMenu' }, { role: 'editMenu' }, ...developer, { role: 'windowMenu' }]
    : [{ role: 'fileMenu' }, { role: 'editMenu' }, ...developer];
}
