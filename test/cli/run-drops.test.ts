// meter-desk run with more than one folder says where each stands at the end (issue 22, item 7:
// progress per drop), not only the whole queue. The real sandbox over HTTP, a real queue file.
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { dropLines } from '../../main/cli/progress';
import { emptyCounts } from '../../common/job-record';
import { harness, type Harness } from '../helpers/engine-harness';
import { captureIo as io } from '../helpers/cli-io';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('meter-desk run per drop', () => {
  it('says nothing extra for one folder', () => {
    expect(dropLines([{ path: '/a', counts: emptyCounts() }])).toBe('');
  });

  it('ends with one line per folder given', async () => {
    h = await harness({ photos: 4 });
    const second = join(h.dir, 'Tour 1 Schmidt');
    mkdirSync(second);
    const [first] = readdirSync(h.photos).filter((f) => /\.(jpe?g|png|webp)$/i.test(f));
    if (!first) throw new Error('no sample photo');
    cpSync(join(h.photos, first), join(second, `copy-${first}`));
    const env = { METER_DESK_BASE_URL: h.sandbox.url, METER_DESK_API_KEY: h.sandbox.apiKey };
    const run = io(env);
    expect(await main(['run', h.photos, second, '--db', h.dbFile], run)).toBe(0);
    const lines = run.stdout().split('\n');
    const of = (path: string): string | undefined => lines.find((l) => l.startsWith(`  ${path}: `));
    const files = h.manifest.files.length;
    expect(of(h.photos)).toContain(`: ${String(files)}/${String(files)} final · done `);
    expect(of(second)).toMatch(/: 1\/1 final · done 1 /);
  });
});
