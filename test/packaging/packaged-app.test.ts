// The installed app as people get it: the tree electron-builder packed into the installers
// (release/*-unpacked), launched as it is, asar and all, by Playwright's _electron; on Linux with
// Chromium's sandbox on. The checks of the built-tree smoke test (the sandbox's sample folder,
// drawn with sharp, read; a photo shown), its own menu, and photos dropped on the window from a
// folder on disk: real File objects from Chromium's file chooser, whose paths only the preload can
// read. Runs in the GitHub workflow after `npm run package` (METER_DESK_REQUIRE_PACKAGED=1);
// elsewhere it skips and says why.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp';
import { readSampleFolder, type PageGlobals } from '../shell/helpers/app-page';
import { ROOT } from '../shell/helpers/build';
import { unpackedExecutable } from './helpers/unpacked-app';

const REQUIRED = process.env.METER_DESK_REQUIRE_PACKAGED === '1';
// The workflow names the deb's installed executable on Linux; elsewhere the unpacked tree.
const exe =
  process.env.METER_DESK_PACKAGED_EXE ??
  unpackedExecutable(join(ROOT, 'release'), process.platform, process.arch);
const reason = existsSync(exe) ? null : `no packaged app at ${exe} (run npm run package first)`;
if (reason && !REQUIRED) console.warn(`Skipping the packaged-app test: ${reason}.`);

const CHOOSER_ID = 'packaged-test-files';
/** A hidden file input for Playwright to fill through Chromium's file chooser. */
const ADD_CHOOSER = `(() => {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.id = '${CHOOSER_ID}';
  input.style.display = 'none';
  document.body.append(input);
})()`;
/** Its files dropped on the window, as a drag from the file manager delivers them. */
const DROP_CHOSEN = `(() => {
  const input = document.getElementById('${CHOOSER_ID}');
  const transfer = new DataTransfer();
  for (const file of input.files) transfer.items.add(file);
  input.remove();
  const at = { bubbles: true, cancelable: true, dataTransfer: transfer };
  window.dispatchEvent(new DragEvent('dragenter', at));
  window.dispatchEvent(new DragEvent('dragover', at));
  window.dispatchEvent(new DragEvent('drop', at));
})()`;

describe.skipIf(reason !== null && !REQUIRED)('the packaged MeterDesk', () => {
  let t: ReturnType<typeof tempDir>;
  let app: ElectronApplication;
  let page: Page;
  let sampleFolder = '';

  beforeAll(async () => {
    if (reason) throw new Error(`METER_DESK_REQUIRE_PACKAGED=1 but ${reason}`);
    t = tempDir('meterdesk-packaged-');
    const env = {
      ...(process.env as Record<string, string>),
      METER_DESK_DATA_DIR: join(t.dir, 'user'),
    };
    app = await electron.launch({ executablePath: exe, args: [], env });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  }, 120_000);

  afterAll(async () => {
    await app.close();
    t.cleanup();
  });

  it('runs packaged, from its asar, with the sandbox on', async () => {
    const state = await app.evaluate(({ app: a }) => ({
      packaged: a.isPackaged,
      appPath: a.getAppPath(),
      noSandbox: a.commandLine.hasSwitch('no-sandbox'),
    }));
    expect(state).toMatchObject({ packaged: true, noSandbox: false });
    expect(state.appPath).toMatch(/app\.asar$/);
    expect(page.url()).toBe('meterdesk-app://app/index.html');
    if (process.platform === 'linux') {
      // The window's renderer runs under Chromium's seccomp-bpf filter (mode 2).
      const pid = await app.evaluate(({ BrowserWindow }) =>
        BrowserWindow.getAllWindows()[0]?.webContents.getOSProcessId(),
      );
      const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
      expect(status).toMatch(/^Seccomp:\s+2$/m);
    }
  });

  it("has MeterDesk's menu, not Electron's (no View, no Help)", async () => {
    const labels = await app.evaluate(({ Menu }) =>
      (Menu.getApplicationMenu()?.items ?? []).map((item) => item.label),
    );
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(labels).not.toContain('View');
    expect(labels).not.toContain('Help');
  });

  it('reads the sample folder and shows a photo (sharp and the queue load packaged)', async () => {
    const shown = await readSampleFolder(page, 4);
    expect(shown.reading).toMatch(/^\d{1,7}(\.\d{1,3})?$/);
    expect(shown.width).toBeGreaterThan(0);
    sampleFolder = shown.folder;
  }, 180_000);

  it('adds photos dropped on the window from a folder on disk', async () => {
    const folder = join(t.dir, 'dropped route');
    mkdirSync(folder);
    const photos = readdirSync(sampleFolder)
      .filter((name) => /\.jpe?g$/i.test(name))
      .slice(0, 2);
    expect(photos).toHaveLength(2);
    for (const [i, name] of photos.entries()) {
      // Copies under new names: queued as photos of their own (read from their twins).
      copyFileSync(join(sampleFolder, name), join(folder, `dropped ${String(i)}.jpg`));
    }
    // Page scripts as text: this file is compiled without the DOM's types.
    await page.evaluate(ADD_CHOOSER);
    await page
      .locator(`#${CHOOSER_ID}`)
      .setInputFiles(readdirSync(folder).map((name) => join(folder, name)));
    await page.evaluate(DROP_CHOSEN);
    const queued = async (): Promise<string[]> =>
      page.evaluate(async () => {
        const rows = await (globalThis as unknown as PageGlobals).meterDesk.queryJobs({});
        return rows.ok ? rows.value.rows.map((r) => r.relPath) : [];
      });
    await expect
      .poll(queued, { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/dropped 0\.jpg$/),
          expect.stringMatching(/dropped 1\.jpg$/),
        ]),
      );
  }, 60_000);

  it('holds a blurred photo and reads a good one: the photo checks run installed', async () => {
    const folder = join(t.dir, 'checked route');
    mkdirSync(folder);
    const [good] = readdirSync(sampleFolder).filter((name) => /\.jpe?g$/i.test(name));
    expect(good).toBeDefined();
    const source = join(sampleFolder, good ?? '');
    copyFileSync(source, join(folder, 'good.jpg'));
    // Blurred far past any reading (sharpness about 3 against a limit in the hundreds).
    await sharp(source).blur(8).jpeg().toFile(join(folder, 'blurred.jpg'));
    const added = await page.evaluate(
      (path) => (globalThis as unknown as PageGlobals).meterDesk.addPaths({ paths: [path] }),
      folder,
    );
    const rootId = added.ok ? added.value.rootIds[0] : undefined;
    expect(rootId).toBeDefined();
    // Each photo by its file name: its hold reason while held, else its state.
    const rows = async (): Promise<Record<string, string>> =>
      page.evaluate(async (root) => {
        const g = globalThis as unknown as PageGlobals;
        const found = await g.meterDesk.queryJobs({ rootId: root });
        const out: Record<string, string> = {};
        if (found.ok) {
          for (const r of found.value.rows) {
            out[r.relPath.replace(/^.*[\\/]/, '')] = r.holdReason ?? r.state;
          }
        }
        return out;
      }, rootId);
    await expect
      .poll(rows, { timeout: 60_000 })
      .toEqual({ 'blurred.jpg': 'blurred', 'good.jpg': 'done' });
    const unavailable = await page.evaluate(async () => {
      const snap = await (globalThis as unknown as PageGlobals).meterDesk.snapshot();
      return snap.ok ? snap.value.status.checkerUnavailable : 'no snapshot';
    });
    expect(unavailable).toBeNull();
  }, 90_000);
});
