// The Electronegativity gate of `npm run lint:electron`: the shell passes it, with every accepted
// finding justified; an insecure window would not.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp';
import { ALLOWLIST, gate, parseAllowlist, scan } from './electronegativity-gate';

const t = tempDir('meterdesk-en-');
afterAll(() => {
  t.cleanup();
});

describe('electronegativity gate', () => {
  it('main/ and preload/ have no finding that is not justified, and no stale justification', () => {
    const result = gate(scan(['main', 'preload']), parseAllowlist(readFileSync(ALLOWLIST, 'utf8')));
    expect(result.unjustified).toEqual([]);
    expect(result.stale).toEqual([]);
  }, 120_000);

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
  }, 120_000);

  it('wants a reason on every allowlist line', () => {
    expect(() => parseAllowlist('PRELOAD_JS_CHECK | main/shell/window.ts')).toThrow(/reason/);
    expect(() => parseAllowlist('PRELOAD_JS_CHECK | main/shell/window.ts | ok')).toThrow(/reason/);
    expect(
      parseAllowlist('# comment\n\nA_CHECK | f.ts | because the window needs this badly'),
    ).toEqual([
      { check: 'A_CHECK', file: 'f.ts', reason: 'because the window needs this badly', line: 3 },
    ]);
  });
});
