// A photo that took another desk's reading says so in its history (job_events), as a code and
// its parameters: the CLI and the log word it from the English template, the window from its
// catalogue (the detail's history list), naming the desk that read it.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobText } from '../../common/job-messages';
import { openStore, type Store } from '../../main/store/store';
import { createI18n } from '../../renderer/i18n/i18n';
import { jobLineText, jobWords } from '../../renderer/lib/job-words';
import { queuedPhoto } from '../helpers/queued-photo';
import { tempDir } from '../helpers/tmp';

let t: ReturnType<typeof tempDir>;
let store: Store;

beforeEach(() => {
  t = tempDir('taken-history-');
  store = openStore(join(t.dir, 'queue.sqlite'));
});

afterEach(() => {
  store.close();
  t.cleanup();
});

describe("a job's history when its reading came from another desk", () => {
  it('names the desk that read it, in English and in the window’s words', () => {
    const id = queuedPhoto(store);
    store.jobs.markUploading([id]);
    store.jobs.takeOfficeReading(id, {
      desk: 'ben@pc-2',
      reading: '01234.5',
      resultSource: 'fresh',
      taskId: 'task-1',
    });
    const last = store.jobs.events(id).at(-1);
    expect(last).toMatchObject({
      state: 'done',
      message: {
        code: 'readByDesk',
        params: { reading: '01234.5', source: 'fresh', desk: 'ben@pc-2' },
      },
    });
    if (!last) return;
    expect(jobText(last.message)).toBe(
      'Reading 01234.5 (fresh) taken from ben@pc-2: read there, not sent or paid again here',
    );
    const de = createI18n('de');
    const words = jobWords(
      last.message,
      de.getFixedT('de', 'states'),
      de.getFixedT('de', 'banners'),
    );
    expect(jobLineText(words)).toBe(
      'Zählerstand 01234.5 (Neue Ablesung) von ben@pc-2 übernommen: dort abgelesen, hier weder gesendet noch erneut bezahlt',
    );
  });
});
