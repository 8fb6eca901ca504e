// Builds what ships: the Node side (CLI, engine, later the Electron shell) bundled by esbuild with
// npm packages left external (native modules must stay real files), and the renderer by Vite.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { build as viteBuild } from 'vite';

rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: { 'cli/main': 'main/cli/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'info',
});

await viteBuild({ configFile: 'vite.config.ts', logLevel: 'info' });
