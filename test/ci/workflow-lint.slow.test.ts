// The GitHub workflow (.github/workflows/) is checked by actionlint (WebAssembly, offline) in
// `npm run lint`. Here: the check really reads the workflow files, and a broken workflow fails it
// with actionlint's message, so a passing lint means something.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp';
import { ROOT } from '../shell/helpers/build';

const t = tempDir('meterdesk-actionlint-');
afterAll(() => {
  t.cleanup();
});

const LINT = join(ROOT, 'node_modules', '@tktco', 'node-actionlint', 'bin', 'node-actionlint.js');
const WORKFLOW = join(ROOT, '.github', 'workflows', 'desktop.yml');

function lint(cwd: string) {
  return spawnSync(process.execPath, [LINT, '.github/workflows/*.yml'], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/** A project folder holding the workflow, changed by `edit`. */
function project(name: string, edit: (text: string) => string): string {
  const dir = join(t.dir, name);
  mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
  writeFileSync(
    join(dir, '.github', 'workflows', 'desktop.yml'),
    edit(readFileSync(WORKFLOW, 'utf8')),
  );
  return dir;
}

describe('the workflow lint', () => {
  it("passes this repository's workflow, having read it", () => {
    const dir = join(t.dir, 'as-is');
    cpSync(join(ROOT, '.github'), join(dir, '.github'), { recursive: true });
    const run = lint(dir);
    expect(run.stdout).toContain('Checking 1 workflow file(s)...');
    expect(run.status, run.stdout).toBe(0);
  });

  it.each([
    // (An unknown action input is no longer a case: actionlint knows the inputs of the actions'
    // versions it was built with, and setup-node@v6 is newer.)
    [
      'an unknown job key',
      (w: string) => w.replace('    timeout-minutes: 90', '    timeout-minute: 90'),
      'unexpected key "timeout-minute" for "job" section',
    ],
    [
      'an undefined matrix key',
      (w: string) => w.replace('name: ${{ matrix.os }}', 'name: ${{ matrix.system }}'),
      'property "system" is not defined',
    ],
    [
      'a broken runner condition',
      (w: string) => w.replace("if: runner.os == 'Linux'", "if: runner.platform == 'Linux'"),
      'property "platform" is not defined',
    ],
  ])('fails on %s, saying where', (_name, edit, words) => {
    const broken = edit(readFileSync(WORKFLOW, 'utf8'));
    expect(broken).not.toBe(readFileSync(WORKFLOW, 'utf8'));
    const run = lint(project(_name.replaceAll(' ', '-'), edit));
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(words);
  });
});
