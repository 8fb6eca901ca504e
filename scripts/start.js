// `npm start`: runs the desktop app from the built tree (dist/, built first when missing).
// Electron's binary cannot be downloaded everywhere (ELECTRON_SKIP_BINARY_DOWNLOAD), and
// require('electron') would try to download it: the binary is looked up directly instead, and
// without it this says so in one line. Before the window opens, the native modules the backend
// loads are built for this Electron into electron-natives/ when they are missing or stale
// (scripts/prepare-natives.ts): npm's builds in node_modules are for Node, not Electron.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SCRIPTS = dirname(fileURLToPath(import.meta.url));

/** The Electron executable the electron package points at, or null when it is not installed. */
function electronBinary() {
  let dir;
  try {
    dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(dir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const exe = override
    ? join(override, relative ?? 'electron')
    : relative
      ? join(dir, 'dist', relative)
      : null;
  return exe && existsSync(exe) ? exe : null;
}

const exe = electronBinary();
if (!exe) {
  console.error(
    'MeterDesk cannot open its window here: no Electron binary is installed (ELECTRON_SKIP_BINARY_DOWNLOAD). Run `npm run demo` for the headless run.',
  );
  process.exit(2);
}

if (!existsSync(join('dist', 'main', 'electron-main.js'))) {
  const built = spawnSync(process.execPath, ['scripts/build.js'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// TypeScript, run through tsx's loader (resolved from here: the app folder may be elsewhere).
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const natives = spawnSync(
  process.execPath,
  ['--import', tsx, join(SCRIPTS, 'prepare-natives.ts'), '--root', process.cwd()],
  { stdio: 'inherit' },
);
if (natives.status !== 0) {
  console.error(
    'MeterDesk cannot open its window: its native modules could not be built for Electron (see above).',
  );
  process.exit(natives.status ?? 1);
}

const app = spawn(exe, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
app.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
