// The real Electronegativity scanner behind the `npm run lint:electron` gate flags an insecure
// window. Slow project: each scanner start costs ~5 s of CPU. `npm run lint` scans main/ and
// preload/ themselves (the gate must pass there), and electronegativity.test.ts tests the gate's
// own logic on fixed findings in the fast suite.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp';
import { ALLOWLIST, gate, parseAllowlist, scan } from '../../scripts/electronegativity-gate';

const t = tempDir('meterdesk-en-');
afterAll(() => {
  t.cleanup();
});

describe('electronegativity gate, real scanner', () => {
  it('fails on an insecure window', () => {
    mkdirSync(join(t.dir, 'main'));
    writeFileSync(
      join(t.dir, 'main', 'window.ts'),
      `import { BrowserWindow } from 'electron';
export const win = new BrowserWindow({
  webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false, webSecurity: false },
});
void win.loadURL('http://example.com/');
`,
    );
    const result = gate(scan(['main'], t.dir), parseAllowlist(readFileSync(ALLOWLIST, 'utf8')));
    const checks = result.unjustified.map((f) => f.check);
    expect(checks).toEqual(
      expect.arrayContaining([
        'CONTEXT_ISOLATION_JS_CHECK',
        'SANDBOX_JS_CHECK',
        'WEB_SECURITY_JS_CHECK',
      ]),
    );
    expect(result.unjustified.find((f) => f.check === 'SANDBOX_JS_CHECK')?.file).toBe(
      'main/window.ts',
    );
  }, 120_000);
});
