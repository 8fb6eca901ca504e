// Migration 011 on a populated queue written by schema 10: the byte counts in job messages
// (`size`, `limit`), stored as en-US grouped strings, become numbers, once; a count not written
// that way stays, and the store shows that row quoted; every other message is as it was; the
// English edge says each converted message as schema 10 wrote it, and the German window groups
// the counts its own way.
import { describe, expect, it } from 'vitest';
import { jobMessage, jobText, type JobMessage } from '../../../common/job-messages';
import { createI18n } from '../../../renderer/i18n/i18n';
import { jobLineText, jobWords } from '../../../renderer/lib/job-words';
import { openStore } from '../../../main/store/store';
import { AT, olderQueues, rowsOf, type OlderQueue } from './older-queue';

const olderQueue = olderQueues();

/** Each stored message as schema 10 wrote it, its English then, and what it is after 011. */
const ROWS: readonly {
  readonly code: string;
  readonly params: string;
  readonly english: string;
  readonly coded: JobMessage;
}[] = [
  {
    code: 'tooLarge',
    params: JSON.stringify({
      format: 'JPEG',
      size: '26,528,768',
      sizeMiB: '25.3 MiB',
      limit: '20,971,520',
      limitMiB: '20 MiB',
    }),
    english:
      'The JPEG is 26,528,768 bytes (25.3 MiB); the service accepts at most 20,971,520 bytes (20 MiB) per image',
    coded: jobMessage('tooLarge', {
      format: 'JPEG',
      size: 26_528_768,
      sizeMiB: '25.3 MiB',
      limit: 20_971_520,
      limitMiB: '20 MiB',
    }),
  },
  {
    code: 'overServiceLimit',
    params: JSON.stringify({ size: '20,400,000', limit: '20,000,000' }),
    english:
      'Too large for this service: the photo is 20,400,000 bytes, and the service accepts at most 20,000,000 bytes per photo (it said so when it refused an upload); not sent',
    coded: jobMessage('overServiceLimit', { size: 20_400_000, limit: 20_000_000 }),
  },
  {
    code: 'batchRepacked',
    params: JSON.stringify({ serviceSays: 'too large', limit: '999' }),
    english:
      "Batch over the service's size limit (too large); sent again in batches of at most 999 bytes",
    coded: jobMessage('batchRepacked', { serviceSays: 'too large', limit: 999 }),
  },
  {
    code: 'batchSplit',
    params: JSON.stringify({ serviceSays: '20,000,000' }),
    english: 'Batch refused (20,000,000); sending each photo alone',
    coded: jobMessage('batchSplit', { serviceSays: '20,000,000' }),
  },
];

/** A count schema 10 never wrote: left as stored, shown quoted. */
const ODD = { code: 'overServiceLimit', params: '{"size":"big","limit":"20,000,000"}' };

/** A queue at schema 10: one photo per row, its error and one history event saying it. */
function fill(q: OlderQueue): number[] {
  const root = q.addRoot('/photos');
  const addJob = q.db.prepare(
    `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, error_code, error_params,
       created_at, updated_at) VALUES (?, ?, ?, 1, 0, 'failed', ?, ?, ?, ?)`,
  );
  const addEvent = q.db.prepare(
    `INSERT INTO job_events (job_id, at, state, code, params) VALUES (?, ?, 'failed', ?, ?)`,
  );
  return [...ROWS, ODD].map((row, i) => {
    const path = `/photos/${String(i)}.jpg`;
    const id = Number(
      addJob.run(root, path, `${String(i)}.jpg`, row.code, row.params, AT, AT).lastInsertRowid,
    );
    addEvent.run(id, AT, row.code, row.params);
    return id;
  });
}

describe('migration 011: byte counts as numbers', () => {
  it('converts an older queue once: grouped counts become numbers, the rest as it was', () => {
    const q = olderQueue(10);
    const ids = fill(q);
    const jobsBefore = rowsOf(q.db, 'jobs', ['error_params']);
    const eventsBefore = rowsOf(q.db, 'job_events', ['params']);

    expect(q.migrateTo(11)).toBe(11);
    expect(rowsOf(q.db, 'jobs', ['error_params'])).toEqual(jobsBefore);
    expect(rowsOf(q.db, 'job_events', ['params'])).toEqual(eventsBefore);
    const odd = q.db
      .prepare<[number], string>('SELECT error_params FROM jobs WHERE id = ?')
      .pluck()
      .get(ids.at(-1) ?? 0);
    expect(odd).toBe(ODD.params);
    q.db.close();

    const store = openStore(q.file);
    try {
      ROWS.forEach((row, i) => {
        const id = ids[i] ?? 0;
        expect(store.jobs.get(id)?.errorMessage, row.code).toEqual(row.coded);
        expect(
          store.jobs.events(id).map((e) => e.message),
          row.code,
        ).toEqual([row.coded]);
      });
      expect(store.jobs.get(ids.at(-1) ?? 0)?.errorMessage?.code).toBe('quoted');
    } finally {
      store.close();
    }
  });

  it('says each converted message in English as schema 10 wrote it; German groups its own way', () => {
    for (const { coded, english } of ROWS) expect(jobText(coded)).toBe(english);
    const de = createI18n('de');
    const words = jobWords(
      ROWS[1]?.coded ?? jobMessage('fileMoved', {}),
      de.getFixedT('de', 'states'),
      de.getFixedT('de', 'banners'),
      'de',
    );
    expect(jobLineText(words)).toBe(
      'Zu groß für diesen Dienst: das Foto hat 20.400.000 Bytes, der Dienst nimmt höchstens 20.000.000 Bytes je Foto an (so sagte er, als er ein Hochladen ablehnte); nicht gesendet',
    );
  });
});
