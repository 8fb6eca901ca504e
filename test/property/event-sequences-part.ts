// One part of the job state machine's property (50 of its 150 runs) as a test file of its own:
// the slow project runs parts 2 and 3, where the fast suite has no room for them (issue 29). Each
// part's file was a copy of the other but for the part's number.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { tempDir } from '../helpers/tmp';
import { checkEventSequences } from './job-state-machine-driver';

export function describeEventSequencesPart(part: number): void {
  const runs = `runs ${String((part - 1) * 50 + 1)}-${String(part * 50)}`;
  let dir: { dir: string; cleanup: () => void };
  beforeAll(() => {
    dir = tempDir('meterdesk-jsm-');
  });
  afterAll(() => {
    dir.cleanup();
  });

  // CPU and fsync bound: the budget only catches a hang on a busy machine.
  describe('job state machine (property)', { timeout: 300_000 }, () => {
    it(`no event sequence loses a job, double-submits one or leaves one stuck (${runs})`, () => {
      checkEventSequences(dir.dir, part);
    });
  });
}
