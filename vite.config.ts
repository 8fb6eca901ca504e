import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer: built to static files that the Electron shell loads from disk (no dev server in
// production, no remote content).
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: false,
  },
});
