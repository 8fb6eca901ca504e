// The AI version changes mid-run (profile ai-version-switch: after 20 AI runs, v3.2 → v3.3) and
// no task answer names the version that read it. The per-photo CSV's ai_version must name the
// version that read each photo, or stay blank where the engine cannot know; never another one.
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportJobs } from '../../../main/export/export-jobs';
import { harness, runToEnd, type Harness } from '../../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('an AI version that changes mid-run', () => {
  it('names in ai_version only the version that read each photo', async () => {
    h = await harness({
      photos: 40,
      duplicates: 0,
      sandbox: { profile: 'ai-version-switch' },
    });
    // Results wait for the periodic AI status reads to tell their version (every 50 ms here),
    // so most photos lie between two reads naming one version.
    const s = h.open({ statusRefreshMs: 50 });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    await s.engine.stop();
    const csv = join(h.dir, 'photos.csv');
    await exportJobs(s.store, {}, csv);
    const rows = parse<Record<string, string>>(readFileSync(csv, 'utf8'), {
      bom: true,
      columns: true,
    }).filter((r) => r.status === 'done');
    expect(rows).toHaveLength(40);
    const sandbox = h.sandbox;
    const wrong = rows.filter(
      (r) =>
        r.ai_version !== '' && r.ai_version !== sandbox.ledger.task(r.task_id ?? '')?.aiVersion,
    );
    expect(wrong).toEqual([]);
    const named = new Set(rows.map((r) => r.ai_version).filter((v) => v !== ''));
    // Both versions read photos here, and the reads told which for most of them.
    expect(named).toEqual(new Set(['water_v3_meter:v3.2', 'water_v3_meter:v3.3']));
    const namedRows = rows.filter((r) => r.ai_version !== '').length;
    expect(namedRows).toBeGreaterThanOrEqual(20);
  });
});
