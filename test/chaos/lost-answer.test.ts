// An upload whose answer is lost (the connection drops after the service created the task, or
// the answer times out) is ambiguous: the task may exist. Sending the photo again at once, while
// that task is still being read, has the service read it twice and charge twice (the spec gives no
// idempotency key, and a task list does not say which image a task is for). The engine waits as
// it does after a crash (resumeGraceMs): by then the first task is finished and cached, and the
// photo sent again comes back from the cache, free.
import { describe, expect, it } from 'vitest';
import type { ProxyRules } from '../bad-input/helpers/mangling-proxy';
import {
  expectAllReadCorrectly,
  expectNoInternalErrors,
  useProxiedRuns,
} from '../bad-input/helpers/proxied-run';

const startRun = useProxiedRuns();

describe('an upload whose answer was lost', { timeout: 90_000 }, () => {
  it.each(['never', 'always'] as const)(
    'is sent again only after the grace, and paid once (batch mode %s)',
    async (batchMode) => {
      let dropped = 0;
      const rules: ProxyRules = {
        // The service did the work; the answer never arrives.
        after: (ex) => {
          if (ex.method !== 'POST' || dropped >= 2) return undefined;
          dropped++;
          return { status: 0, drop: true };
        },
      };
      const run = await startRun({
        rules,
        photos: 6,
        // Reading a photo takes a while; a quick retry would catch the first task still running.
        sandbox: { ai: { latencyMs: 1_200, jitterMs: 0 } },
        config: { batchMode, retryBaseMs: 100, retryCapMs: 400, resumeGraceMs: 2_500 },
      });
      expect(dropped).toBe(2);
      expect(run.outcome).toBe('complete');
      expectAllReadCorrectly(run);
      expectNoInternalErrors(run);
      const charges = run.h.sandbox.ledger.quotaCharges();
      expect(
        Object.values(charges).every((n) => n === 1),
        JSON.stringify(charges),
      ).toBe(true);
      // The photos were sent again (the service created more tasks than there are photos), and
      // those copies came back from its cache.
      const tasks = run.h.sandbox.ledger.tasks();
      expect(tasks.length).toBeGreaterThan(run.jobs.length);
      expect(tasks.filter((t) => t.resultSource === 'cached_exact').length).toBe(
        tasks.length - run.jobs.length,
      );
    },
  );
});
