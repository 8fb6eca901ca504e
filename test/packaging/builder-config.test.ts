// electron-builder.yml as electron-builder itself reads it: loaded and checked against its schema
// by app-builder-lib's own loader, then the pieces that decide what a first install looks like on
// each system: the macOS signature, system floor, update zip and folder type; the Windows folder
// verb and whole-file updates; the Linux static AppImage runtime and folder type in the desktop
// file (written by electron-builder's own LinuxTargetHelper); the icon.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper.js';
import { AppInfo } from 'app-builder-lib/out/appInfo.js';
import type { Configuration } from 'app-builder-lib';
import { DebugLogger } from 'builder-util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../shell/helpers/build';

let config: Configuration;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  config = await getConfig(ROOT, null, null);
  await validateConfiguration(config, new DebugLogger(false));
});

describe('electron-builder.yml, read back by electron-builder', () => {
  it('names the same app id the shell gives Windows for its notifications', () => {
    expect(config.appId).toBe('com.meterdesk.desktop');
    const shell = readFileSync(join(ROOT, 'main', 'shell', 'electron-main.ts'), 'utf8');
    expect(shell).toContain(`app.setAppUserModelId(APP_ID)`);
    const ids = readFileSync(join(ROOT, 'main', 'desktop', 'app-menu.ts'), 'utf8');
    expect(ids).toContain(`APP_ID = '${config.appId ?? ''}'`);
  });

  it('signs macOS builds ad hoc with the hardened runtime, for macOS 13 or newer', () => {
    const mac = config.mac ?? {};
    expect(mac.identity).toBe('-');
    expect(mac.hardenedRuntime).not.toBe(false);
    // The default entitlements (with disable-library-validation) apply: none of our own.
    expect(mac.entitlements ?? null).toBeNull();
    expect(mac.minimumSystemVersion).toBe('13.0');
    expect(mac.target).toEqual(['dmg', 'zip']);
    expect(mac.artifactName).toContain('${arch}');
  });

  it('offers MeterDesk for folders on macOS', () => {
    const types = (config.mac?.extendInfo as { CFBundleDocumentTypes?: unknown[] })
      .CFBundleDocumentTypes;
    expect(types).toEqual([expect.objectContaining({ LSItemContentTypes: ['public.folder'] })]);
  });

  it('adds and removes a folder verb in the Windows installer, and ships no blockmap', () => {
    expect(config.nsis?.differentialPackage).toBe(false);
    const include = readFileSync(join(ROOT, config.nsis?.include ?? 'missing'), 'utf8');
    const key = String.raw`Software\Classes\Directory\shell\MeterDesk`;
    expect(include).toMatch(/!macro customInstall\n[\s\S]*!macroend/);
    expect(include).toContain(
      String.raw`WriteRegStr SHELL_CONTEXT "${key}\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'`,
    );
    expect(include).toMatch(
      new RegExp(
        String.raw`!macro customUnInstall\n\s*DeleteRegKey SHELL_CONTEXT "${key.replace(/\\/g, '\\\\')}"`,
      ),
    );
  });

  it('builds the AppImage with the static runtime (no libfuse2) and the deb beside it', () => {
    expect(config.toolsets?.appimage).toBe('1.0.3');
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
  });

  it('writes a desktop file that takes folders as %U, without claiming to be the folder opener', async () => {
    const helper = new LinuxTargetHelper(fakeLinuxPackager(config));
    const entry = await helper.computeDesktopEntry(config.linux ?? {});
    expect(entry).toMatch(/^Exec=\/opt\/MeterDesk\/meter-desk %U$/m);
    // inode/directory could make MeterDesk the desktop's default for opening every folder.
    expect(entry).not.toMatch(/inode\/directory/);
  });

  it('flips the fuses: no run-as-Node, no NODE_OPTIONS or --inspect, only app.asar, checked', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('unpacks everything sharp loads, and signs native modules on Windows when CI can', () => {
    expect(config.asarUnpack).toEqual(
      expect.arrayContaining([
        '**/node_modules/sharp/**',
        '**/node_modules/@img/**',
        '**/node_modules/detect-libc/**',
        '**/node_modules/semver/**',
      ]),
    );
    expect(config.win?.signExts).toEqual(['.node', '.dll']);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false, allowElevation: true });
  });

  it('has an icon electron-builder can turn into .icns, .ico and the Linux sizes', async () => {
    const meta = await sharp(join(ROOT, 'build', 'icon.png')).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([1024, 1024]);
  });
});

describe('package.json for the deb', () => {
  it('has a homepage, so the deb builds in a clone with no git remote', async () => {
    const info = {
      metadata: pkg,
      devMetadata: pkg,
      config,
      // No remote: the clone's repository info is unknown.
      repositoryInfo: Promise.resolve(null),
    };
    const url = await new AppInfo(info as never, null).computePackageUrl();
    expect(url).toMatch(/^https:\/\//);
  });
});

/** The parts of electron-builder's LinuxPackager that computeDesktopEntry reads. */
function fakeLinuxPackager(cfg: Configuration): never {
  const info = {
    metadata: pkg,
    devMetadata: pkg,
    config: cfg,
    repositoryInfo: Promise.resolve(null),
  };
  return {
    config: cfg,
    info,
    appInfo: new AppInfo(info as never, null),
    executableName: String(pkg.name),
    fileAssociations: [],
    platformSpecificBuildOptions: cfg.linux ?? {},
  } as never;
}
