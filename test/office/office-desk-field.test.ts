// A job's office desk reaches the window (JobRecord.officeDesk, from jobs.office_desk): a photo
// waiting for another desk's reading names that desk while queued, and a photo that took another
// desk's reading names the desk that read it when done. A photo this desk sends names none.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../main/store/store';
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
    });
    const done = store.jobs.get(id);
    expect(done).toMatchObject({ state: 'done', officeDesk: 'ben@pc-2', aiReading: '01234.5' });
    // The same field in the table's page as in the detail.
    expect(store.queries.page({}).rows.find((j) => j.id === id)?.officeDesk).toBe('ben@pc-2');
  });
});
