// The job state machine's property, runs 101-150 of 150 (job-state-machine.property.test.ts says
// what it checks; job-state-machine-driver.ts holds it): in the slow project, where the
// fast suite has no room for all 150 (issue 29); run 1-50 stay in `npm test`.
import { describeEventSequencesPart } from './event-sequences-part';

describeEventSequencesPart(3);
