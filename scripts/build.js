// Builds what ships into dist/:
//   main/electron-main.js    the Electron main process (ESM, package.json "main")
//   main/backend-process.cjs the backend's utility process (engine, queue, sandbox, key store)
//   preload/index.cjs        the preload: one CommonJS file, as sandboxed preloads require
//   cli/main.js              the meter-desk command
//   renderer/                the window's page, by Vite
// The app's Node-side bundles contain every pure-JavaScript package; only native modules stay
// external (they must be real files, unpacked from the asar), so the packaged app ships no other
// node_modules (electron-builder.yml). The CLI leaves all packages external (it runs from the npm
// install). The preload bundles everything but electron, since a sandboxed preload can require
// nothing else.
// Usage: node scripts/build.js [--only main,preload,cli,renderer] [--outdir dist]
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    outdir: { type: 'string', default: 'dist' },
  },
});
const outdir = values.outdir;
const wanted = new Set((values.only ?? 'main,preload,cli,renderer').split(','));

/**
 * Floors for the syntax esbuild may leave as it is: Electron 45 runs Node 24 and a Chromium newer
 * than 150 (Electron 43 already shipped Chromium 150 and Node 24.18, by its release notes).
 */
const ELECTRON_NODE = 'node24';
const ELECTRON_CHROME = 'chrome150';

/** Native modules (and electron itself): required at run time from node_modules. */
const NATIVE_EXTERNALS = ['electron', 'better-sqlite3', 'keytar', 'sharp'];

const node = {
  bundle: true,
  platform: 'node',
  sourcemap: true,
  logLevel: 'info',
};
const app = { ...node, external: NATIVE_EXTERNALS, target: ELECTRON_NODE };

/**
 * The photo-check worker reads meter codes with zxing-wasm, whose WASM it loads from disk beside
 * itself (main/photo-checks/read-codes.ts): zxing would otherwise fetch it from a CDN.
 */
function shipReaderWasm(folder) {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  mkdirSync(resolve(outdir, folder), { recursive: true });
  copyFileSync(wasm, resolve(outdir, folder, 'zxing_reader.wasm'));
}

const targets = {
  main: () =>
    Promise.all([
      build({
        ...app,
        entryPoints: { 'main/electron-main': 'main/shell/electron-main.ts' },
        outdir,
        format: 'esm',
        // Bundled CommonJS packages (undici, zod's CJS entry) may call require(): give ESM one.
        banner: {
          js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
        },
      }),
      build({
        ...app,
        entryPoints: {
          'main/backend-process': 'main/shell/backend-process.ts',
          // The photo checks' worker thread, beside the backend that starts it.
          'main/photo-check-worker': 'main/photo-checks/check-worker.ts',
        },
        outdir,
        format: 'cjs',
        outExtension: { '.js': '.cjs' },
      }).then(() => shipReaderWasm('main')),
    ]),
  preload: () =>
    build({
      entryPoints: { 'preload/index': 'preload/index.ts' },
      outdir,
      bundle: true,
      platform: 'browser',
      format: 'cjs',
      outExtension: { '.js': '.cjs' },
      external: ['electron'],
      target: ELECTRON_CHROME,
      sourcemap: true,
      logLevel: 'info',
    }),
  cli: () =>
    Promise.all([
      build({
        ...node,
        packages: 'external',
        entryPoints: { 'cli/main': 'main/cli/main.ts' },
        outdir,
        format: 'esm',
        target: 'node20',
      }),
      build({
        ...node,
        packages: 'external',
        entryPoints: { 'cli/photo-check-worker': 'main/photo-checks/check-worker.ts' },
        outdir,
        format: 'cjs',
        outExtension: { '.js': '.cjs' },
        target: 'node20',
      }).then(() => shipReaderWasm('cli')),
    ]),
  renderer: async () => {
    // What ships is React's production build, whatever NODE_ENV the caller's shell (or a test
    // runner, which sets "test") brings: Vite builds for development when NODE_ENV says so.
    process.env.NODE_ENV = 'production';
    const { build: viteBuild } = await import('vite');
    await viteBuild({
      configFile: 'vite.config.ts',
      logLevel: 'info',
      build: { outDir: resolve(outdir, 'renderer'), emptyOutDir: true },
    });
  },
};

for (const name of wanted) {
  if (!(name in targets)) {
    console.error(`Unknown target "${name}"; known: ${Object.keys(targets).join(', ')}`);
    process.exit(2);
  }
}
if (wanted.size === Object.keys(targets).length) rmSync(outdir, { recursive: true, force: true });
for (const name of Object.keys(targets)) if (wanted.has(name)) await targets[name]();
