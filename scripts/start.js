// `npm start`: the desktop app needs Electron's binary, which cannot be downloaded everywhere.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let electronPath = null;
try {
  electronPath = require('electron');
} catch {
  electronPath = null;
}
if (typeof electronPath !== 'string') {
  console.error(
    'No Electron binary is installed here (ELECTRON_SKIP_BINARY_DOWNLOAD); the desktop app cannot start. Try `npm run demo` for the headless run.',
  );
  process.exit(2);
}
console.error(
  'The desktop shell is not built yet (see the shell issue). Try `npm run demo` for the headless run.',
);
process.exit(2);
