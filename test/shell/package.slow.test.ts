// Packaging with electron-builder (26.x works on Node 20 for this), for an unpacked Linux app, with
// a stand-in Electron directory (an executable named electron, a version file and resources/) since
// the real binary cannot be downloaded here. The app archive must hold exactly the built output, the
// native modules built for Electron (electron-natives/; here npm's builds stand in for them) and the
// run-time files of what the app requires: no sources, tests, benches, maps, secrets, npm's
// Node-ABI builds or stray packages, even when such files lie around the project and inside dist/.
//
// Then the installed layout is replayed with plain Node: the photo check's worker, started from
// app.asar.unpacked as the app starts it, must load sharp (with detect-libc and semver) and the
// code reader from there and measure a photo; a package left inside app.asar cannot be found
// from outside it. The @img packages expected are the ones npm installed for this machine.
//
// The project holds node_modules itself, as hard links: electron-builder refuses to pack a file
// whose real path leaves the project for a "system or unsafe path" (/tmp, /var, /usr, ...) unless
// it lies under the temporary folder or the home of the process, so a symbolic link to the
// checkout's node_modules failed wherever the checkout itself lives under /tmp (a fresh clone).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { extractFile, listPackage } from '@electron/asar';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYTAR_BUILD } from '../helpers/keytar-build';
import { tempDir } from '../helpers/tmp';
import { buildInto, ROOT } from './helpers/build';
import { linkTree } from './helpers/link-tree';

// The stand-in Electron is a shell script and the project a tree of hard links: POSIX only. CI
// packs and launches the real app on Windows (.github/workflows/desktop.yml).
const POSIX_ONLY =
  process.platform === 'win32'
    ? 'the stand-in Electron is a #!/bin/sh script; Windows packs the real app in CI instead'
    : null;
if (POSIX_ONLY !== null) console.warn(`[package] skipped: ${POSIX_ONLY}`);
/** sharp's binaries npm installed for this machine (@img/sharp-<os>-<arch>, its libvips). */
const HOST_IMG = readdirSync(join(ROOT, 'node_modules', '@img'))
  .filter((name) => name.startsWith('sharp-'))
  .map((name) => `@img/${name}`);
const t = tempDir('meterdesk-package-');
const project = join(t.dir, 'project');
const standIn = join(t.dir, 'electron-dist');
const out = join(t.dir, 'out');
const resources = join(out, 'linux-unpacked', 'resources');
const asar = join(resources, 'app.asar');
const KEYTAR_NATIVE = KEYTAR_BUILD === null ? [] : ['/electron-natives/keytar.node'];
if (KEYTAR_BUILD === null) {
  console.warn('Packaging without keytar.node: npm left the optional keychain module out here.');
}
let files: string[] = [];
let unpacked: string[] = [];

function plant(path: string, content = 'decoy'): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
}

function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name), `${prefix}/${e.name}`) : [`${prefix}/${e.name}`],
  );
}

beforeAll(() => {
  if (POSIX_ONLY !== null) return;
  mkdirSync(project);
  buildInto(join(project, 'dist'), ['main', 'preload', 'cli', 'renderer']);
  copyFileSync(join(ROOT, 'package.json'), join(project, 'package.json'));
  // The fuses are flipped in Electron's binary, which the stand-in is not: its block stays out here.
  const config = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8');
  const withoutFuses = config.replace(/^electronFuses:\n(?: {2}.*\n)+/m, '');
  expect(withoutFuses).not.toBe(config);
  writeFileSync(join(project, 'electron-builder.yml'), withoutFuses);
  linkTree(join(ROOT, 'node_modules'), join(project, 'node_modules'));
  // npm ci writes node_modules/.package-lock.json before the install scripts build the native
  // modules; the folders are then newer than it (here also the linked ones), npm list ignores it
  // and walks the whole tree, and electron-builder's collector comes back with the direct
  // dependencies only (no `bindings`: a broken app). Its content is exact, so mark it current, as
  // scripts/package.js does.
  const hidden = join(project, 'node_modules', '.package-lock.json');
  if (existsSync(hidden)) utimesSync(hidden, new Date(), new Date());
  // What scripts/prepare-natives.ts leaves for Electron; its build files are copies of npm's here.
  const natives = join(project, 'electron-natives');
  mkdirSync(natives);
  copyFileSync(
    join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
    join(natives, 'better_sqlite3.node'),
  );
  // Where npm left keytar out, prepare-natives.ts has no keytar build either: the app goes without.
  if (KEYTAR_BUILD !== null) copyFileSync(KEYTAR_BUILD, join(natives, 'keytar.node'));
  writeFileSync(join(natives, 'stamp.json'), '{}');
  plant(join(natives, 'notes.txt'));
  // What must never ship, lying where a careless configuration would pick it up.
  plant(join(project, 'main', 'shell', 'electron-main.ts'));
  plant(join(project, 'test', 'ipc', 'contract.test.ts'));
  plant(join(project, 'bench', 'run.ts'));
  plant(join(project, '.env'), 'METER_DESK_API_KEY=md_leak');
  plant(join(project, 'dist', '.env.local'), 'METER_DESK_API_KEY=md_leak');
  plant(join(project, 'dist', 'main', 'notes.md'));
  plant(join(project, 'dist', 'main', 'server.key'));
  plant(join(project, 'dist', 'renderer', 'debug.ts'));
  plant(join(project, 'dist', 'renderer', 'test', 'fixture.js'));

  const { version } = JSON.parse(
    readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ) as { version: string };
  mkdirSync(join(standIn, 'resources'), { recursive: true });
  writeFileSync(join(standIn, 'electron'), '#!/bin/sh\necho "stand-in electron"\n');
  chmodSync(join(standIn, 'electron'), 0o755);
  writeFileSync(join(standIn, 'version'), version);

  const bin = join(ROOT, 'node_modules', 'electron-builder', 'cli.js');
  const run = spawnSync(
    process.execPath,
    [
      bin,
      '--linux',
      'dir',
      `-c.electronDist=${standIn}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${out}`,
    ],
    {
      cwd: project,
      encoding: 'utf8',
      timeout: 300_000,
      env: {
        ...process.env,
        ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
        CSC_IDENTITY_AUTO_DISCOVERY: 'false',
      },
    },
  );
  if (run.status !== 0) throw new Error(`electron-builder failed:\n${run.stdout}\n${run.stderr}`);
  files = listPackage(asar, { isPack: false }).map((f) => f.replaceAll('\\', '/'));
  unpacked = walk(join(resources, 'app.asar.unpacked'));
}, 360_000);

// Removing the packaged app (native modules and all) is heavy I/O; on a busy machine teardowns of
// this size have outrun the default budget (the 40,000-file test's did), failing the whole file.
afterAll(() => {
  t.cleanup();
}, 300_000);

describe.skipIf(POSIX_ONLY !== null)(
  'the packaged Linux app (electron-builder --linux dir)',
  () => {
    it('holds exactly the built app outside node_modules', () => {
      const app = files
        .filter((f) => !f.startsWith('/node_modules'))
        .filter((f) => f.includes('.'))
        .map((f) => f.replace(/-[\w-]{8}\.(js|css)$/, '-[hash].$1'))
        .sort();
      expect(app).toEqual(
        [
          '/package.json',
          '/dist/main/electron-main.js',
          '/dist/main/backend-process.cjs',
          // The photo check's worker and the code reader's WASM, read from disk (never a CDN).
          '/dist/main/photo-check-worker.cjs',
          '/dist/main/zxing_reader.wasm',
          '/dist/preload/index.cjs',
          '/dist/renderer/index.html',
          '/dist/renderer/assets/index-[hash].js',
          '/dist/renderer/assets/index-[hash].css',
          '/electron-natives/better_sqlite3.node',
          ...KEYTAR_NATIVE,
          '/electron-natives/stamp.json',
        ].sort(),
      );
      // A worker starts only from a real file, and the WASM is read beside it: both outside the asar.
      expect(unpacked).toEqual(
        expect.arrayContaining([
          '/dist/main/photo-check-worker.cjs',
          '/dist/main/zxing_reader.wasm',
        ]),
      );
    });

    it('ships only the native modules and what they need at run time', () => {
      const packages = new Set(
        files
          .map((f) => /^\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)?.[1])
          .filter((p): p is string => p !== undefined && p !== '@img'),
      );
      expect([...packages].sort()).toEqual(
        ['@img/colour', ...HOST_IMG, 'better-sqlite3', 'detect-libc', 'semver', 'sharp'].sort(),
      );
    });

    it('lets nothing else slip in: no sources, tests, benches, maps, docs, secrets', () => {
      const everything = [...files, ...unpacked.map((f) => `/unpacked${f}`)];
      const bad = everything.filter((f) =>
        /\.(map|ts|tsx|mts|md|cc|cpp|c|h|gyp|pem|key)$|(^|\/)\.env|\/(test|tests|bench|docs|src|deps)\/|\/dist\/cli\//.test(
          f,
        ),
      );
      expect(bad).toEqual([]);
      expect(readdirSync(resources).sort()).toEqual([
        'app-update.yml',
        'app.asar',
        'app.asar.unpacked',
      ]);
    });

    it('tells electron-updater its cache folder, with no feed of its own that it could use', () => {
      // The real feed comes only from IT's machine-wide update.json (main/desktop/update-feed.ts).
      const yml = readFileSync(join(resources, 'app-update.yml'), 'utf8');
      expect(yml).toContain('provider: generic');
      expect(yml).toContain('url: https://updates.meterdesk.invalid/');
      expect(yml).toMatch(/^updaterCacheDirName: \S+$/m);
    });

    it("keeps the Electron builds and sharp as real files beside the archive, npm's builds out", () => {
      for (const native of [
        '/electron-natives/better_sqlite3.node',
        ...KEYTAR_NATIVE,
        '/electron-natives/stamp.json',
      ]) {
        expect(unpacked, native).toContain(native);
      }
      expect(
        unpacked.some((f) => /^\/node_modules\/@img\/sharp-[\w-]+\/lib\/.*\.node$/.test(f)),
      ).toBe(true);
      // npm's builds are for Node's ABI: in the app they could only crash.
      const everything = [...files, ...unpacked];
      expect(
        everything.filter(
          (f) => f.includes('/node_modules/') && /(better_sqlite3|keytar)\.node$/.test(f),
        ),
      ).toEqual([]);
      expect(everything.some((f) => f.includes('notes.txt'))).toBe(false);
    });

    it('points Electron at the built main process, with the app id and product name', () => {
      const pkg = JSON.parse(extractFile(asar, 'package.json').toString('utf8')) as {
        main: string;
        productName: string;
        homepage?: string;
        devDependencies?: unknown;
      };
      expect(pkg.main).toBe('dist/main/electron-main.js');
      expect(pkg.productName).toBe('MeterDesk');
      // The deb's package URL, in a clone with no git remote too.
      expect(pkg.homepage).toMatch(/^https:\/\//);
      expect(files).toContain(`/${pkg.main}`);
      expect(existsSync(join(out, 'linux-unpacked', 'meter-desk'))).toBe(true);
      const yml = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8');
      expect(yml).toMatch(/^appId: com\.meterdesk\.desktop$/m);
      expect(yml).toMatch(/target: nsis/);
      expect(yml).toMatch(/- dmg\n\s+- zip/);
      expect(yml).toMatch(/- AppImage\n\s+- deb/);
    });

    it('lets plain Node start the check worker from app.asar.unpacked and measure a photo', async () => {
      for (const needed of ['sharp', 'detect-libc', 'semver', '@img/colour']) {
        expect(
          unpacked.some((f) => f.startsWith(`/node_modules/${needed}/`)),
          needed,
        ).toBe(true);
      }
      const photo = join(t.dir, 'meter.jpg');
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#7a8b9c' } })
        .jpeg()
        .toFile(photo);
      const worker = join(resources, 'app.asar.unpacked', 'dist', 'main', 'photo-check-worker.cjs');
      // As the engine asks it (main/photo-checks/check-protocol.ts): a measure, then the codes.
      const script = `
      const { Worker } = require('node:worker_threads');
      const w = new Worker(process.argv[1]);
      const replies = [];
      w.on('message', (m) => {
        replies.push(m);
        if (replies.length === 2) { console.log(JSON.stringify(replies)); process.exit(0); }
      });
      w.on('error', (e) => { console.error(String(e && e.stack || e)); process.exit(3); });
      w.postMessage({ id: 1, path: process.argv[2], task: 'measure' });
      w.postMessage({ id: 2, path: process.argv[2], task: 'codes' });
    `;
      // From a folder with no node_modules above it, so only app.asar.unpacked can resolve them.
      const run = spawnSync(process.execPath, ['-e', script, worker, photo], {
        cwd: t.dir,
        encoding: 'utf8',
        timeout: 120_000,
        env: { PATH: process.env.PATH ?? '' },
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const replies = JSON.parse(run.stdout) as { id: number; ok: boolean; measures?: object }[];
      replies.sort((a, b) => a.id - b.id);
      expect(replies.map((r) => [r.id, r.ok])).toEqual([
        [1, true],
        [2, true],
      ]);
      expect(replies[0]?.measures).toBeTypeOf('object');
    }, 150_000);
  },
);
