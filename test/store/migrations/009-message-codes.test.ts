// Migration 009 on a populated queue written by schema 8: every English history line and job
// error becomes a code and its parameters, once; the service's own words stay, quoted; the
// English columns are gone, and the English edge says each converted row as it was written.
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { jobMessage, jobText, quotedMessage, type JobMessage } from '../../../common/job-messages';
import { openStore } from '../../../main/store/store';
import { AT, olderQueues, rowsOf, type OlderQueue } from './older-queue';

const olderQueue = olderQueues();
const TIMEOUT = 'The service took too long to answer; will retry later.';
const SERVICE_WORDS = 'No meter dial found in the photo (ai_failed)';

/** Each job of the older queue: its state, its stored error and its history, as schema 8 wrote them. */
const OLD_JOBS: readonly {
  readonly state: string;
  readonly error: string | null;
  readonly events: readonly string[];
}[] = [
  {
    state: 'failed',
    error: `Gave up after 8 attempts: ${TIMEOUT}`,
    events: [
      'Uploading',
      'Submitted as task t-17 (batch b-3 item 4)',
      `${TIMEOUT}; will retry`,
      `Gave up after 8 attempts: ${TIMEOUT}`,
    ],
  },
  {
    state: 'failed',
    error: SERVICE_WORDS,
    events: ['Submitted as task t-18 (single task)', `Failed: ${SERVICE_WORDS}`],
  },
  {
    state: 'rejected',
    error:
      'The JPEG is 26,528,768 bytes (25.3 MiB); the service accepts at most 20,971,520 bytes (20 MiB) per image',
    events: [],
  },
  {
    state: 'done',
    error: null,
    events: [
      'Reading 0006.371 (fresh), shared with an identical photo',
      'Reading corrected to 12.5',
      'Review undone: back to corrected to 12.5',
      'Retry requested',
    ],
  },
  {
    state: 'queued',
    error: 'Batch refused (too many files (max 20)); sending each photo alone',
    events: ['Batch refused (too many files (max 20)); sending each photo alone'],
  },
];

/** What each job's error and history are after the migration. */
const CODED: readonly { readonly error: JobMessage | null; readonly events: JobMessage[] }[] = [
  {
    error: jobMessage('gaveUp', { attempts: '8', retry: 'timeout' }),
    events: [
      jobMessage('uploading', {}),
      jobMessage('submittedBatch', { task: 't-17', batch: 'b-3', item: '4' }),
      jobMessage('retryLater', { retry: 'timeout' }),
      jobMessage('gaveUp', { attempts: '8', retry: 'timeout' }),
    ],
  },
  {
    error: quotedMessage(SERVICE_WORDS),
    events: [jobMessage('submittedSingle', { task: 't-18' }), quotedMessage(SERVICE_WORDS)],
  },
  {
    error: jobMessage('tooLarge', {
      format: 'JPEG',
      size: 26_528_768,
      sizeMiB: '25.3 MiB',
      limit: 20_971_520,
      limitMiB: '20 MiB',
    }),
    events: [],
  },
  {
    error: null,
    events: [
      jobMessage('readShared', { reading: '0006.371', source: 'fresh' }),
      jobMessage('corrected', { reading: '12.5' }),
      jobMessage('undoneToCorrected', { reading: '12.5' }),
      jobMessage('retryRequested', {}),
    ],
  },
  {
    error: jobMessage('batchSplit', { serviceSays: 'too many files (max 20)' }),
    events: [jobMessage('batchSplit', { serviceSays: 'too many files (max 20)' })],
  },
];

/** A queue at schema 8 holding OLD_JOBS, written with schema 8's own columns; the job ids. */
function fill(q: OlderQueue): number[] {
  const root = q.addRoot('/photos');
  const addJob = q.db.prepare(
    `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, error_message,
       created_at, updated_at) VALUES (?, ?, ?, 1, 0, ?, ?, ?, ?)`,
  );
  const addEvent = q.db.prepare(
    'INSERT INTO job_events (job_id, at, state, message) VALUES (?, ?, ?, ?)',
  );
  return OLD_JOBS.map((job, i) => {
    const id = Number(
      addJob.run(root, `/photos/${String(i)}.jpg`, `${String(i)}.jpg`, job.state, job.error, AT, AT)
        .lastInsertRowid,
    );
    for (const message of job.events) addEvent.run(id, AT, job.state, message);
    return id;
  });
}

function columns(db: Database.Database, table: string): string[] {
  return db
    .prepare<[string], { name: string }>('SELECT name FROM pragma_table_xinfo(?)')
    .all(table)
    .map((c) => c.name);
}

describe('migration 009: job events and errors as message codes', () => {
  it('converts an older queue once: codes where a template wrote the English, the rest quoted', () => {
    const q = olderQueue(8);
    const ids = fill(q);
    const others = rowsOf(q.db, 'jobs', ['error_message']);

    expect(q.migrateTo(9)).toBe(9);
    expect(columns(q.db, 'job_events')).not.toContain('message');
    expect(columns(q.db, 'jobs')).not.toContain('error_message');
    // Every other column of every job is as it was.
    expect(rowsOf(q.db, 'jobs', ['error_code', 'error_params'])).toEqual(others);
    q.db.close();

    const store = openStore(q.file);
    try {
      ids.forEach((id, i) => {
        const want = CODED[i];
        expect(store.jobs.get(id)?.errorMessage, `job ${String(i)}`).toEqual(want?.error);
        expect(
          store.jobs.events(id).map((e) => e.message),
          `job ${String(i)}`,
        ).toEqual(want?.events);
      });
    } finally {
      store.close();
    }
  });

  it("says each converted row in English as schema 8 wrote it (a failure's history without its 'Failed: ')", () => {
    CODED.forEach((coded, i) => {
      const old = OLD_JOBS[i];
      expect(coded.error === null ? null : jobText(coded.error)).toBe(old?.error);
      expect(coded.events.map(jobText)).toEqual(old?.events.map((e) => e.replace(/^Failed: /, '')));
    });
  });
});
