#!/usr/bin/env node
// The CLI entry. A built tree (npm run build) runs as plain JavaScript; a source checkout runs the
// TypeScript through tsx.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli/main.js', import.meta.url);
let entry;
if (existsSync(built)) {
  entry = await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  entry = await import(new URL('../main/cli/main.ts', import.meta.url).href);
}
process.exit(await entry.main(process.argv.slice(2)));
