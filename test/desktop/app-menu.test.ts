// The app's menu instead of Electron's default one: no Reload, developer tools or Help →
// electronjs.org in an installed app; macOS keeps its app menu and an Edit menu (⌘C/⌘V in the
// window's text fields go through it).
import { describe, expect, it } from 'vitest';
import { appMenuTemplate } from '../../main/desktop/app-menu';

const roles = (platform: NodeJS.Platform, development: boolean): string[] =>
  appMenuTemplate({ platform, development }).map((item) => item.role);

describe('the app menu', () => {
  it('on macOS: the app menu, Edit and Window', () => {
    expect(roles('darwin', false)).toEqual(['appMenu', 'editMenu', 'windowMenu']);
  });

  it('on Windows and Linux: File (Quit) and Edit', () => {
    expect(roles('win32', false)).toEqual(['fileMenu', 'editMenu']);
    expect(roles('linux', false)).toEqual(['fileMenu', 'editMenu']);
  });

  it('has Reload and the developer tools (the View menu) only in a development build', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      expect(roles(platform, false)).not.toContain('viewMenu');
      expect(roles(platform, true)).toContain('viewMenu');
    }
  });
});
