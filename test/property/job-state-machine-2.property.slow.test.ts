// The job state machine's property, runs 51-100 of 150 (job-state-machine.property.test.ts says
// what it checks; job-state-machine-driver.ts holds it): in the slow project, where the
// fast suite has no room for all 150 (issue 29); run 1-50 stay in `npm test`.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { tempDir } from '../helpers/tmp';
import { checkEventSequences } from './job-state-machine-driver';

let dir: { dir: string; cleanup: () => void };
beforeAll(() => {
  dir = tempDir('meterdesk-jsm-');
});
afterAll(() => {
  dir.cleanup();
});

// CPU and fsync bound: the budget only catches a hang on a busy machine.
describe('job state machine (property)', { timeout: 300_000 }, () => {
  it('no event sequence loses a job, double-submits one or leaves one stuck (runs 51-100)', () => {
    checkEventSequences(dir.dir, 2);
  });
});
