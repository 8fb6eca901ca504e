// The Electronegativity gate of `npm run lint:electron`, its logic on fixed findings: every finding
// needs a justified allowlist line, every line needs a finding, every line a real reason. The gate
// itself runs over main/ and preload/ in `npm run lint`; the real scanner on an insecure window is
// electronegativity-scan.slow.test.ts (slow project).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ALLOWLIST,
  findingsFromSarif,
  gate,
  parseAllowlist,
  type Finding,
  type Sarif,
} from '../../scripts/electronegativity-gate';

const finding = (check: string, file: string, line = 1): Finding => ({
  check,
  file,
  line,
  description: `${check} in ${file}`,
});

const REASON = 'because the window needs this badly';

describe('electronegativity gate', () => {
  it('passes findings that are justified, and names those that are not', () => {
    const allow = parseAllowlist(
      `PRELOAD_JS_CHECK | main/shell/window.ts | ${REASON}\nCSP_GLOBAL_CHECK | N/A | ${REASON}`,
    );
    const findings = [
      finding('PRELOAD_JS_CHECK', 'main/shell/window.ts', 12),
      finding('CSP_GLOBAL_CHECK', 'N/A', 0),
      finding('SANDBOX_JS_CHECK', 'main/shell/window.ts', 14),
      // Same check, another file: the justification is per file.
      finding('PRELOAD_JS_CHECK', 'main/shell/other-window.ts', 3),
    ];
    const result = gate(findings, allow);
    expect(result.findings).toBe(findings);
    expect(result.unjustified).toEqual([findings[2], findings[3]]);
    expect(result.stale).toEqual([]);
  });

  it('names every allowlist line that no longer matches a finding', () => {
    const allow = parseAllowlist(
      `# kept\nPRELOAD_JS_CHECK | main/shell/window.ts | ${REASON}\n\nSANDBOX_JS_CHECK | main/shell/window.ts | ${REASON}`,
    );
    const result = gate([finding('PRELOAD_JS_CHECK', 'main/shell/window.ts')], allow);
    expect(result.unjustified).toEqual([]);
    expect(result.stale).toEqual([
      { check: 'SANDBOX_JS_CHECK', file: 'main/shell/window.ts', reason: REASON, line: 4 },
    ]);
    expect(gate([], allow).stale).toHaveLength(2);
  });

  it('wants a reason on every allowlist line', () => {
    expect(() => parseAllowlist('PRELOAD_JS_CHECK | main/shell/window.ts')).toThrow(/reason/);
    expect(() => parseAllowlist('PRELOAD_JS_CHECK | main/shell/window.ts | ok')).toThrow(/reason/);
    expect(() => parseAllowlist(`not a check | f.ts | ${REASON}`)).toThrow(/line 1/);
    expect(parseAllowlist(`# comment\n\nA_CHECK | f.ts | ${REASON}`)).toEqual([
      { check: 'A_CHECK', file: 'f.ts', reason: REASON, line: 3 },
    ]);
  });

  it('reads the repository allowlist', () => {
    const entries = parseAllowlist(readFileSync(ALLOWLIST, 'utf8'));
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.file).toMatch(/^(main|preload)\/|^N\/A$/);
  });

  it("reads the scanner's SARIF report: files as scanned, global checks as N/A", () => {
    const result = (ruleId: string, uri: string, startLine: number) => ({
      ruleId,
      message: { text: `${ruleId} text` },
      locations: [{ physicalLocation: { artifactLocation: { uri }, region: { startLine } } }],
    });
    const sarif: Sarif = {
      runs: [
        {
          results: [
            result('SANDBOX_JS_CHECK', 'main/shell/window.ts', 14),
            result('PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK', 'file:///tmp/scan-1/', 0),
          ],
        },
      ],
    };
    expect(findingsFromSarif(sarif)).toEqual([
      {
        check: 'SANDBOX_JS_CHECK',
        file: 'main/shell/window.ts',
        line: 14,
        description: 'SANDBOX_JS_CHECK text',
      },
      {
        check: 'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK',
        file: 'N/A',
        line: 0,
        description: 'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK text',
      },
    ]);
    expect(findingsFromSarif({ runs: [] })).toEqual([]);
  });
});
