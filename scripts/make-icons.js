// `node scripts/make-icons.js`: renders build/icon.svg to build/icon.png (1024 px), the one icon
// electron-builder needs: it derives the macOS .icns, the Windows .ico and the Linux sizes from it
// (https://www.electron.build/icons). Run again after changing the drawing; both files are in git.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BUILD = join(dirname(fileURLToPath(import.meta.url)), '..', 'build');
/** macOS asks for 1024 px (512 pt at 2x); smaller sizes are scaled down from it. */
const SIZE = 1024;

await sharp(join(BUILD, 'icon.svg'), { density: 72 })
  .resize(SIZE, SIZE)
  .png({ compressionLevel: 9 })
  .toFile(join(BUILD, 'icon.png'));
console.log(`build/icon.png: ${SIZE} x ${SIZE}`);
