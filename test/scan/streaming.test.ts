// The scan as a stream: a big folder is reported while it is still being walked, each file once,
// with progress; the consumer can stop it early or abort it.
import { beforeAll, describe, expect, it } from 'vitest';
import { scanPaths, type ScanProgress } from '../../main/scan';
import { image, scanAll, useTempFolder, outcomeOf } from './helpers/fixtures';

const FILES = 2000;
const t = useTempFolder();

beforeAll(async () => {
  const jpeg = await image('jpeg');
  const png = await image('png');
  // 2,000 files in one folder plus a few nested ones; some rejects mixed in.
  const writes: Promise<string>[] = [];
  for (let i = 0; i < FILES; i++) {
    const name = `IMG_${String(i).padStart(5, '0')}`;
    if (i % 100 === 7) writes.push(t.put(`big/${name}.jpg`, 'not an image'));
    else if (i % 3 === 0) writes.push(t.put(`big/${name}.png`, png));
    else writes.push(t.put(`big/${name}.jpg`, jpeg));
  }
  await Promise.all(writes);
});

describe('streaming a 2,000-file folder', () => {
  it('reports every file exactly once, before the walk has finished', async () => {
    const progress: ScanProgress[] = [];
    let seenAtFirstResult = -1;
    const relPaths = new Set<string>();
    let count = 0;
    for await (const file of scanPaths([t.abs('big')], {
      onProgress: (p) => progress.push(p),
    })) {
      if (count === 0) seenAtFirstResult = progress[0]?.seen ?? -1;
      count++;
      relPaths.add(file.relPath);
    }
    expect(count).toBe(FILES);
    expect(relPaths.size).toBe(FILES);
    // Streaming: when the first result came out, only a handful of entries had been taken.
    expect(seenAtFirstResult).toBeGreaterThan(0);
    expect(seenAtFirstResult).toBeLessThan(100);
    expect(progress).toHaveLength(FILES);
    expect(progress.at(-1)).toEqual({ seen: FILES, accepted: FILES - 20, rejected: 20 });
  });

  it('gives the same verdicts at any hashing concurrency', async () => {
    const summary = async (hashConcurrency: number): Promise<string[]> =>
      [...(await scanAll([t.abs('big')], { hashConcurrency })).values()]
        .map(
          (f) => `${f.relPath} ${f.outcome.kind === 'accepted' ? f.outcome.sha256 : outcomeOf(f)}`,
        )
        .sort();
    const one = await summary(1);
    expect(one).toHaveLength(FILES);
    expect(await summary(16)).toEqual(one);
  });

  it('can be stopped early by the consumer', async () => {
    const taken: string[] = [];
    for await (const file of scanPaths([t.abs('big')])) {
      taken.push(file.relPath);
      if (taken.length === 5) break;
    }
    expect(taken).toHaveLength(5);
    // A fresh scan afterwards still sees everything.
    expect((await scanAll([t.abs('big')])).size).toBe(FILES);
  });

  it('stops with an AbortError when aborted', async () => {
    const controller = new AbortController();
    const taken: string[] = [];
    const run = async (): Promise<void> => {
      for await (const file of scanPaths([t.abs('big')], { signal: controller.signal })) {
        taken.push(file.relPath);
        if (taken.length === 10) controller.abort();
      }
    };
    await expect(run()).rejects.toMatchObject({ name: 'AbortError' });
    expect(taken).toHaveLength(10);
  });

  it('does not start when the signal is already aborted', async () => {
    const taken: string[] = [];
    const run = async (): Promise<void> => {
      for await (const file of scanPaths([t.abs('big')], { signal: AbortSignal.abort() })) {
        taken.push(file.relPath);
      }
    };
    await expect(run()).rejects.toMatchObject({ name: 'AbortError' });
    expect(taken).toHaveLength(0);
  });
});
