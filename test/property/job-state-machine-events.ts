// The events of the job state machine's property (job-state-machine-driver.ts): what the engine
// does, as fast-check draws it, over a few paths whose contents repeat.
import fc from 'fast-check';

export const PATH_COUNT = 12;
/** Fewer contents than paths: byte-identical twins are the interesting case. */
const SHAS = ['a', 'b', 'c', 'd', 'e'].map((c) => c.repeat(64));
export const NOW = 1e15; // later than any next_attempt_at: every job is due

export const pathOf = (i: number): string => `/photos/p${i}.jpg`;
export const shaOf = (i: number): string => SHAS[i % SHAS.length] ?? '';
/** What the service reads on an image: a function of its content only. */
export const readingOf = (sha: string): string => `${String(sha.charCodeAt(0))}.5`;

export type Event =
  | { kind: 'scan'; files: { path: number; ok: boolean }[] }
  | { kind: 'dispatch'; max: number }
  | { kind: 'answered'; pick: number; final: boolean }
  | { kind: 'upload_failed'; pick: number; how: 'retry' | 'give_up' | 'refused' | 'split' }
  | { kind: 'result'; pick: number; ok: boolean }
  | { kind: 'stale_result'; pick: number }
  | { kind: 'poll_failed'; pick: number }
  | { kind: 'lost'; pick: number }
  | { kind: 'crash' }
  | { kind: 'retry'; pick: number | null }
  | { kind: 'remove'; pick: number }
  | { kind: 'review'; pick: number; corrected: boolean };

const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });

// Weighted towards the traffic of a normal run, with the rare events sprinkled in.
export const eventArb: fc.Arbitrary<Event> = fc.oneof(
  w(
    3,
    fc.record({
      kind: fc.constant('scan' as const),
      files: fc.array(fc.record({ path: fc.nat(PATH_COUNT - 1), ok: fc.boolean() }), {
        minLength: 1,
        maxLength: 6,
      }),
    }),
  ),
  w(4, fc.record({ kind: fc.constant('dispatch' as const), max: fc.integer({ min: 1, max: 8 }) })),
  w(4, fc.record({ kind: fc.constant('answered' as const), pick: fc.nat(), final: fc.boolean() })),
  w(
    2,
    fc.record({
      kind: fc.constant('upload_failed' as const),
      pick: fc.nat(),
      how: fc.constantFrom(
        'retry' as const,
        'give_up' as const,
        'refused' as const,
        'split' as const,
      ),
    }),
  ),
  w(4, fc.record({ kind: fc.constant('result' as const), pick: fc.nat(), ok: fc.boolean() })),
  w(1, fc.record({ kind: fc.constant('stale_result' as const), pick: fc.nat() })),
  w(1, fc.record({ kind: fc.constant('poll_failed' as const), pick: fc.nat() })),
  w(1, fc.record({ kind: fc.constant('lost' as const), pick: fc.nat() })),
  w(1, fc.constant({ kind: 'crash' as const })),
  w(
    1,
    fc.record({ kind: fc.constant('retry' as const), pick: fc.option(fc.nat(), { nil: null }) }),
  ),
  w(1, fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() })),
  w(
    1,
    fc.record({ kind: fc.constant('review' as const), pick: fc.nat(), corrected: fc.boolean() }),
  ),
);
