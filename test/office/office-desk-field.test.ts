// A job's office desk reaches the window (JobRecord.officeDesk, from jobs.office_desk): a photo
// waiting for another desk's reading names that desk while queued, and a photo that took another
// desk's reading names the desk that read it when done, in its history too (a code and its
// parameters: English for the CLI and the log, the catalogue's words in the window's history
// list). A photo this desk sends names none.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobText } from '../../common/job-messages';
import { openStore, type Store } from '../../main/store/store';
import { createI18n } from '../../renderer/i18n/i18n';
import { jobLineText, jobWords } from '../../renderer/lib/job-words';
import { queuedPhoto } from '../helpers/queued-photo';

let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'office-desk-field-'));
  store = openStore(join(dir, 'queue.sqlite'));
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a job's office desk in its JobRecord", () => {
  it('is null for a photo this desk sends, and names the desk it waits for or took from', () => {
    const id = queuedPhoto(store);
    expect(store.jobs.get(id)?.officeDesk).toBeNull();

    store.jobs.markUploading([id]);
    expect(store.jobs.waitForDesk(id, 'anna@pc-7', 0)).toBe(true);
    expect(store.jobs.get(id)).toMatchObject({ state: 'queued', officeDesk: 'anna@pc-7' });

    store.jobs.markUploading([id]);
    store.jobs.takeOfficeReading(id, {
      desk: 'ben@pc-2',
      reading: '01234.5',
      resultSource: 'fresh',
      taskId: 'task-1',
      readAt: null,
    });
    const done = store.jobs.get(id);
    expect(done).toMatchObject({ state: 'done', officeDesk: 'ben@pc-2', aiReading: '01234.5' });
    // The same field in the table's page as in the detail.
    expect(store.queries.page({}).rows.find((j) => j.id === id)?.officeDesk).toBe('ben@pc-2');

    const taken = store.jobs.events(id).at(-1);
    expect(taken).toMatchObject({
      state: 'done',
      message: {
        code: 'readByDesk',
        params: { reading: '01234.5', source: 'fresh', desk: 'ben@pc-2' },
      },
    });
    if (!taken) return;
    expect(jobText(taken.message)).toBe(
      'Reading 01234.5 (fresh) taken from ben@pc-2: read there, not sent or paid again here',
    );
    const de = createI18n('de');
    const words = jobWords(
      taken.message,
      de.getFixedT('de', 'states'),
      de.getFixedT('de', 'banners'),
    );
    expect(jobLineText(words)).toBe(
      'Zählerstand 01234.5 (Neue Ablesung) von ben@pc-2 übernommen: dort abgelesen, hier weder gesendet noch erneut bezahlt',
    );
  });

  it("takes the office's read date over a copy's file time, never over the photo's EXIF date", () => {
    const first = '2026-12-04T08:15:00.000Z';
    const root = store.roots.ensure('/photos', 'folder');
    const photo = (name: string, sha: string, source: 'exif' | 'file_time', readAt: string) => {
      store.jobs.insertScanned([
        {
          rootId: root.id,
          path: `/photos/${name}`,
          relPath: name,
          size: 10,
          mtimeMs: 1,
          accepted: { sha256: sha.repeat(64), format: 'jpeg' },
          rejected: null,
        },
      ]);
      const id = store.jobs
        .dueUploads(Number.MAX_SAFE_INTEGER, 10)
        .find((j) => j.relPath === name)?.id;
      if (id === undefined) throw new Error('no job');
      store.meters.setReadDates([{ id, readAt, source, note: null }]);
      store.jobs.markUploading([id]);
      store.jobs.takeOfficeReading(id, {
        desk: 'anna@pc-7',
        reading: '00150',
        resultSource: 'fresh',
        taskId: 'task-1',
        readAt: first,
      });
      return store.jobs.get(id);
    };
    // A copy made on 07.12. carries that day as its file time: the office's first sighting wins.
    expect(photo('copy.jpg', 'c', 'file_time', '2026-12-07T10:00:00.000Z')).toMatchObject({
      state: 'done',
      readAt: first,
    });
    // A photo dated by its camera keeps that date (the same bytes hold the same EXIF date).
    expect(photo('cam.jpg', 'd', 'exif', '2026-12-04T09:15:00+01:00')).toMatchObject({
      state: 'done',
      readAt: '2026-12-04T09:15:00+01:00',
    });
  });
});
