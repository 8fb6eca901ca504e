// One part of the job state machine's property (50 of its 150 runs) as a test file of its own:
// the slow project runs parts 2 and 3, where the fast suite has no room for them (issue 29), and
// the folder every part's queue files go in (part 1's file has it too). Each part's file was a
// copy of the other but for the part's number.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { tempDir } from '../helpers/tmp';
import { checkEventSequences } from './job-state-machine-driver';

/** A folder for a part's queue files, made before the file's tests and removed after them. */
export function useEventSequencesDir(): { readonly dir: string } {
  let made: { dir: string; cleanup: () => void } | undefined;
  beforeAll(() => {
    made = tempDir('meterdesk-jsm-');
  });
  afterAll(() => {
    made?.cleanup();
  });
  return {
    get dir() {
      if (!made) throw new Error('the folder is made in beforeAll');
      return made.dir;
    },
  };
}

export function describeEventSequencesPart(part: number): void {
  const runs = `runs ${String((part - 1) * 50 + 1)}-${String(part * 50)}`;
  const dir = useEventSequencesDir();

  // CPU and fsync bound: the budget only catches a hang on a busy machine.
  describe('job state machine (property)', { timeout: 300_000 }, () => {
    it(`no event sequence loses a job, double-submits one or leaves one stuck (${runs})`, () => {
      checkEventSequences(dir.dir, part);
    });
  });
}
