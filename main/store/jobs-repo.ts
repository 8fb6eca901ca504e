import type Database from 'better-sqlite3';
import { systemClock, type Clock } from '../time/clock';
import { jobIntake, type JobIntake } from './job-intake';
import { jobOffice, type JobOffice } from './job-office';
import { jobPersonActions, type JobPersonActions } from './job-person-actions';
import { jobPhotoChecks, type JobPhotoChecks } from './job-photo-checks';
import { jobPhotoCodes, type JobPhotoCodes } from './job-photo-codes';
import { jobReads, type JobReads } from './job-reads';
import { jobResults, type JobResults } from './job-results';
import { jobUploads, type JobUploads } from './job-uploads';
import { jobsContext } from './jobs-context';

export type { InsertOutcome, NewJob } from './job-intake';
export type { Submission } from './job-uploads';
export type { TaskResult } from './job-results';

/**
 * Every statement run against the jobs table, prepared once, in parts by who drives them. Each
 * public method is one transaction, so a killed process leaves every job in a state it can
 * resume from.
 */
export type JobsRepo = JobIntake &
  JobUploads &
  JobResults &
  JobPersonActions &
  JobReads &
  JobPhotoChecks &
  JobPhotoCodes &
  JobOffice;

export function jobsRepo(db: Database.Database, clock: Clock = systemClock): JobsRepo {
  const context = jobsContext(db, clock);
  return {
    ...jobIntake(context),
    ...jobUploads(context),
    ...jobResults(context),
    ...jobPersonActions(context),
    ...jobReads(context),
    ...jobPhotoChecks(context),
    ...jobPhotoCodes(context),
    ...jobOffice(context),
  };
}
