// `npm run package [-- electron-builder args]`: the installers, from a clean build.
// Example: npm run package -- --linux AppImage deb     (default: this platform's targets)
//
// Two things a plain `electron-builder` run gets wrong here:
// - The native modules (better-sqlite3, keytar, sharp) were built by npm for this Node; the app
//   runs them inside Electron 45 (Node 22), so electron-builder rebuilds them, and the rebuild
//   tool it uses (@electron/rebuild 4) needs Node 22 or newer. On an older Node this stops with
//   that reason instead of shipping modules the app cannot load. `--no-rebuild` skips the
//   rebuild for a look at the package's layout only (test/shell/package.test.ts does this).
// - npm ci writes node_modules/.package-lock.json before the install scripts build the native
//   modules, which are then newer than it; npm list then ignores it, and electron-builder's
//   collector keeps only the direct dependencies (no `bindings`: an app that cannot start). Its
//   content is exact, so it is marked current first.
import { spawnSync } from 'node:child_process';
import { existsSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REBUILD_NODE_MAJOR = 22;

const args = process.argv.slice(2);
const noRebuild = args.includes('--no-rebuild');
const builderArgs = args.filter((a) => a !== '--no-rebuild');

const major = Number(process.versions.node.split('.')[0]);
if (!noRebuild && major < REBUILD_NODE_MAJOR) {
  console.error(
    `Packaging rebuilds the native modules for Electron, which needs Node ${REBUILD_NODE_MAJOR} or newer; ` +
      `this is Node ${process.versions.node}. Run it on Node ${REBUILD_NODE_MAJOR}+, or add --no-rebuild ` +
      'to check the package layout only (that app cannot load its native modules).',
  );
  process.exit(2);
}

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, [join(ROOT, 'scripts', 'build.js')]);

const hidden = join(ROOT, 'node_modules', '.package-lock.json');
if (existsSync(hidden)) utimesSync(hidden, new Date(), new Date());

const builder = createRequire(import.meta.url).resolve('electron-builder/cli.js');
run(process.execPath, [builder, ...(noRebuild ? ['-c.npmRebuild=false'] : []), ...builderArgs]);
