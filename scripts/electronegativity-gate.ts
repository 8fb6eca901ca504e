// The lint step `npm run lint:electron`: Electronegativity over main/ and preload/ (scanned
// together, so its global checks see the whole shell: navigation limits, permission handler, CSP),
// failing on every finding not justified in electronegativity.allowlist, and on every allowlist line
// that no longer matches a finding (so the list cannot rot). Run: npx tsx scripts/electronegativity-gate.ts
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Finding {
  readonly check: string;
  readonly file: string;
  readonly line: number;
  readonly description: string;
}

/** The part of Electronegativity's SARIF output read here (its CSV output is written racily). */
export interface Sarif {
  runs: {
    results: {
      ruleId: string;
      message: { text: string };
      locations: {
        physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
      }[];
    }[];
  }[];
}

export interface AllowEntry {
  readonly check: string;
  readonly file: string;
  readonly reason: string;
  readonly line: number;
}

export interface GateResult {
  readonly findings: readonly Finding[];
  readonly unjustified: readonly Finding[];
  readonly stale: readonly AllowEntry[];
}

const ROOT = resolve(import.meta.dirname, '..');
export const ALLOWLIST = join(ROOT, 'electronegativity.allowlist');

/**
 * Checks that cannot run here (class names, as the CLI wants them): the security-fixes check downloads Electron's release
 * list from GitHub, which CI cannot reach; Electron upgrades are reviewed with the lockfile.
 */
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];

/** "CHECK_ID | path/from/repo/root | why this is acceptable" per line; # starts a comment. */
export function parseAllowlist(text: string): AllowEntry[] {
  const entries: AllowEntry[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [check = '', file = '', ...rest] = line.split('|').map((part) => part.trim());
    const reason = rest.join('|').trim();
    if (!/^[A-Z_]+$/.test(check) || file === '' || reason.length < 20) {
      throw new Error(
        `electronegativity.allowlist line ${String(i + 1)}: expected "CHECK_ID | file | reason" with a real reason`,
      );
    }
    entries.push({ check, file, reason, line: i + 1 });
  });
  return entries;
}

function electronVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('electron/package.json') as { version: string }).version;
}

/** Electronegativity over copies of `dirs` (relative to the repo) in one scan. */
export function scan(dirs: readonly string[], root = ROOT): Finding[] {
  const require = createRequire(import.meta.url);
  const cli = join(
    dirname(require.resolve('@doyensec/electronegativity/package.json')),
    'dist',
    'index.js',
  );
  const work = mkdtempSync(join(tmpdir(), 'meterdesk-electronegativity-'));
  try {
    for (const dir of dirs) cpSync(join(root, dir), join(work, dir), { recursive: true });
    const out = join(work, 'findings.sarif');
    const run = spawnSync(
      process.execPath,
      [
        cli,
        '-i',
        work,
        '-r',
        '-v',
        'false',
        '-o',
        out,
        '-e',
        electronVersion(),
        '-x',
        EXCLUDED_CHECKS.join(','),
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    if (run.status !== 0) throw new Error(`electronegativity failed: ${run.stderr}`);
    return findingsFromSarif(JSON.parse(readFileSync(out, 'utf8')) as Sarif);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The findings in Electronegativity's SARIF report: files relative to the scanned folder. */
export function findingsFromSarif(sarif: Sarif): Finding[] {
  return (sarif.runs[0]?.results ?? []).map((r) => {
    const where = r.locations[0]?.physicalLocation;
    const uri = where?.artifactLocation.uri ?? '';
    return {
      check: r.ruleId,
      // Global checks name no file (their location is the scanned folder's file:// URL).
      file: uri.startsWith('file://') ? 'N/A' : uri,
      line: where?.region.startLine ?? 0,
      description: r.message.text,
    };
  });
}

export function gate(findings: readonly Finding[], allow: readonly AllowEntry[]): GateResult {
  const justified = (f: Finding): boolean =>
    allow.some((a) => a.check === f.check && a.file === f.file);
  const used = (a: AllowEntry): boolean =>
    findings.some((f) => f.check === a.check && f.file === a.file);
  return {
    findings,
    unjustified: findings.filter((f) => !justified(f)),
    stale: allow.filter((a) => !used(a)),
  };
}

function main(): number {
  const result = gate(scan(['main', 'preload']), parseAllowlist(readFileSync(ALLOWLIST, 'utf8')));
  for (const f of result.unjustified) {
    console.error(`${f.file}:${String(f.line)} ${f.check}: ${f.description}`);
  }
  for (const a of result.stale) {
    console.error(
      `electronegativity.allowlist:${String(a.line)} ${a.check} ${a.file}: no such finding any more; remove the line`,
    );
  }
  const bad = result.unjustified.length + result.stale.length;
  console.log(
    bad === 0
      ? `electronegativity: ${String(result.findings.length)} findings, all justified in electronegativity.allowlist`
      : `electronegativity: ${String(bad)} problems (see above)`,
  );
  return bad === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main());
