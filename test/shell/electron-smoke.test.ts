// The real app in real Electron through Playwright's _electron: launch, onboarding with the built-in
// sandbox, the sample folder dropped (added), readings seen, a photo shown through its scheme, the
// window's isolation, and a second launch handing its folder to the first. Runs wherever an
// Electron binary is installed, after building the native modules for it into electron-natives/
// (scripts/prepare-natives.ts, as npm start does); elsewhere it skips and says why, unless
// METER_DESK_REQUIRE_ELECTRON=1 (the GitHub workflow), where a skip would hide a broken app.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronTarget, installedElectron, prepareNatives } from '../../scripts/prepare-natives';
import { tempDir } from '../helpers/tmp';
import { type PageGlobals, readSampleFolder, rootPaths } from './helpers/app-page';
import { buildInto, ROOT } from './helpers/build';

/** The Electron executable, found the way scripts/start.js finds it (never downloading it). */
function electronBinary(): string | null {
  const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(dir, 'path.txt');
  const rel = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const exe = override ? join(override, rel ?? 'electron') : rel ? join(dir, 'dist', rel) : null;
  return exe && existsSync(exe) ? exe : null;
}

const REQUIRED = process.env.METER_DESK_REQUIRE_ELECTRON === '1';
const exe = electronBinary();
const reason = exe ? null : 'no Electron binary is installed (ELECTRON_SKIP_BINARY_DOWNLOAD)';
if (reason && !REQUIRED) console.warn(`Skipping the Electron smoke test: ${reason}.`);

describe.skipIf(reason !== null && !REQUIRED)('MeterDesk in Electron', () => {
  let t: ReturnType<typeof tempDir>;
  let app: ElectronApplication;
  let page: Page;
  let appDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    if (reason) throw new Error(`METER_DESK_REQUIRE_ELECTRON=1 but ${reason}`);
    t = tempDir('meterdesk-electron-');
    appDir = join(t.dir, 'app');
    // Minutes the first time (a compile against Electron's headers), nothing once current.
    const natives = prepareNatives({ root: ROOT, target: electronTarget(installedElectron(ROOT)) });
    buildInto(join(appDir, 'dist'), ['main', 'preload', 'renderer']);
    copyFileSync(join(ROOT, 'package.json'), join(appDir, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(appDir, 'node_modules'), 'dir');
    symlinkSync(natives.out, join(appDir, 'electron-natives'), 'dir');
    // Playwright wants plain strings; an unset variable is simply absent from process.env.
    env = { ...(process.env as Record<string, string>), METER_DESK_DATA_DIR: join(t.dir, 'user') };
    app = await electron.launch({ executablePath: exe ?? '', args: [appDir], env });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  }, 20 * 60_000);

  afterAll(async () => {
    await app.close();
    t.cleanup();
  });

  it('opens the app page over its own scheme, isolated from Node', async () => {
    expect(page.url()).toBe('meterdesk-app://app/index.html');
    expect(await page.title()).toBe('MeterDesk');
    const globals = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      return {
        require: typeof g.require,
        process: typeof g.process,
        bridge: typeof g.meterDesk.snapshot,
      };
    });
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', bridge: 'function' });
  });

  it('onboards with the sandbox, reads the sample folder and shows a photo', async () => {
    const shown = await readSampleFolder(page, 4);
    expect(shown.reading).toMatch(/^\d{1,7}(\.\d{1,3})?$/);
    expect(shown.width).toBeGreaterThan(0);
  }, 120_000);

  it("hands a second launch's folder to the running app, which adds it; the second quits", async () => {
    const folder = join(t.dir, 'second-launch');
    mkdirSync(folder);
    const second = spawn(exe ?? '', [appDir, folder], { env, stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(0);
    await expect.poll(() => rootPaths(page), { timeout: 30_000 }).toContain(folder);
    expect(app.windows()).toHaveLength(1);
  });

  it('shows its version; updates are off without a feed', async () => {
    const update = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).meterDesk.getUpdateStatus(),
    );
    expect(update).toMatchObject({ ok: true, value: { phase: 'off', currentVersion: '0.1.0' } });
  });

  it('blocks navigation away and new windows', async () => {
    await page.evaluate(() => {
      (globalThis as unknown as PageGlobals).location.href = 'https://example.com/';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toBe('meterdesk-app://app/index.html');
    const opened = await page.evaluate(
      () => (globalThis as unknown as PageGlobals).open('https://example.com/') === null,
    );
    expect(opened).toBe(true);
    expect(app.windows()).toHaveLength(1);
  });
});
