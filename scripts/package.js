// `npm run package [-- electron-builder args]`: the installers, from a clean build.
// Example: npm run package -- --linux AppImage deb     (default: this platform's targets)
//
// Two things a plain `electron-builder` run gets wrong here:
// - The native modules npm built (better-sqlite3, keytar) are for this Node; the app loads them in
//   Electron. They are built for Electron into electron-natives/ first (scripts/prepare-natives.ts,
//   skipped when current), and that folder ships; electron-builder's own rebuild stays off
//   (npmRebuild: false in electron-builder.yml), which also lets packaging run on Node 20.
// - npm ci writes node_modules/.package-lock.json before the install scripts build the native
//   modules, which are then newer than it; npm list then ignores it, and electron-builder's
//   collector keeps only the direct dependencies. Its content is exact, so it is marked current.
// - The native modules are this machine's: a build for another architecture or system is refused
//   (scripts/package-args.js).
// - On Linux the AppImage and the deb are built in two runs, so only the deb says it is one.
// Nothing is published from here (--publish never): IT copies release/ to its update feed.
import { spawnSync } from 'node:child_process';
import { existsSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builderRuns, foreignBuild } from './package-args.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const refused = foreignBuild(process.argv.slice(2), process.platform, process.arch);
if (refused !== null) {
  console.error(`npm run package: ${refused}`);
  process.exit(2);
}

run(process.execPath, [join(ROOT, 'scripts', 'build.js')]);
run(process.execPath, [
  '--import',
  pathToFileURL(require.resolve('tsx')).href,
  join(ROOT, 'scripts', 'prepare-natives.ts'),
]);

const hidden = join(ROOT, 'node_modules', '.package-lock.json');
if (existsSync(hidden)) utimesSync(hidden, new Date(), new Date());

// On Linux the AppImage and the deb each in a run of their own (package-args.js, builderRuns).
for (const args of builderRuns(process.argv.slice(2), process.platform)) {
  run(process.execPath, [
    require.resolve('electron-builder/cli.js'),
    '--publish',
    'never',
    ...args,
  ]);
}
