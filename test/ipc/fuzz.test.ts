// Random payloads on every channel, sent straight to the dispatcher as a compromised page could:
// whatever the schema refuses must come back as `invalid_request`, never throw, and change nothing.
// (validation.test.ts holds the hand-picked hostile cases; this covers what nobody thought of.)
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../common/ipc/channels';
import { CONTRACT } from '../../common/ipc/contract';
import { desktopAfterSampleRun, TRUSTED, value, type Desktop } from './helpers/desktop';

let desk: Desktop;

async function state(): Promise<string> {
  const snap = value(await desk.bridge.snapshot());
  const rows = value(await desk.bridge.queryJobs({ limit: 5000 })).rows;
  return JSON.stringify({
    settings: snap.settings,
    key: snap.key,
    counts: snap.status.counts,
    paused: snap.status.paused,
    roots: snap.roots,
    rows,
    shown: desk.os.shown,
  });
}

beforeAll(async () => {
  ({ desk } = await desktopAfterSampleRun(2));
});

afterAll(async () => {
  await desk.close();
});

/** Anything at all, plus objects shaped like requests with hostile keys and values. */
const payload = fc.oneof(
  fc.anything({ maxDepth: 3, withNullPrototype: true, withBoxedValues: true }),
  fc.dictionary(
    fc.constantFrom(
      'paths',
      'ids',
      'id',
      'limit',
      'offset',
      'filter',
      'action',
      'reading',
      'path',
      'jobId',
      'baseUrl',
      'key',
      'photos',
      'bom',
      'delimiter',
      '__proto__',
      'constructor',
    ),
    fc.oneof(fc.anything({ maxDepth: 2 }), fc.string({ maxLength: 5000 }), fc.array(fc.string())),
    { maxKeys: 4 },
  ),
);

describe('IPC fuzzing', () => {
  it('every channel refuses what its schema refuses, and nothing changes', async () => {
    const before = await state();
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CHANNEL_NAMES), payload, async (channel, p) => {
        if (CONTRACT[channel].request.safeParse(p).success) return;
        refused++;
        const result = await desk.dispatcher.dispatch(channel, TRUSTED, p);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('invalid_request');
      }),
      { numRuns: 600, seed: 20261121 },
    );
    expect(refused).toBeGreaterThan(300);
    expect(await state()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
