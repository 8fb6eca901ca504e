// `npm run package` refuses, with the reason, to package native modules it cannot rebuild for
// Electron (the rebuild needs Node 22+), rather than ship an app that cannot load them. The
// package's contents are tested in package.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const major = Number(process.versions.node.split('.')[0]);

describe.skipIf(major >= 22)('npm run package on Node < 22', () => {
  it('stops before building anything, naming the Node it needs and the layout-only way out', () => {
    const dist = join(ROOT, 'dist');
    const before = existsSync(dist) ? statSync(dist).mtimeMs : null;
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'package.js'), '--linux'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('needs Node 22 or newer');
    expect(run.stderr).toContain(`this is Node ${process.versions.node}`);
    expect(run.stderr).toContain('--no-rebuild');
    expect(existsSync(dist) ? statSync(dist).mtimeMs : null).toBe(before);
  });
});
