// MeterDesk's sentences about a job (history, error, the scanner's reasons): stored as a code and
// parameters (common/job-messages.ts), English from the template for the log and CSV, the window's
// language from its catalogue; the service's words stay as written, quoted.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  JOB_MESSAGES,
  jobMessage,
  jobText,
  quotedMessage,
  RETRY_SENTENCES,
  type JobMessage,
  type JobMessageCode,
} from '../../common/job-messages';
import { openStore } from '../../main/store/store';
import { createI18n } from '../../renderer/i18n/i18n';
import { jobLineText, jobWords } from '../../renderer/lib/job-words';
import { queuedPhoto } from '../helpers/queued-photo';
import { tempDir } from '../helpers/tmp';
import { errorQuotes, errorText } from '../../renderer/lib/states';
import type { JobRecord } from '../../common/job-record';
import { unsupportedReason } from '../../main/scan/sniff';
import { folderProblem } from '../../main/scan/errors';

const errno = (code: string): Error => Object.assign(new Error(code), { code });

const de = createI18n('de');
const deStates = de.getFixedT('de', 'states');
const deBanners = de.getFixedT('de', 'banners');
const en = createI18n('en');
const enStates = en.getFixedT('en', 'states');

/** Each code as main writes it (a code added without one here fails to compile). */
const WRITTEN: { readonly [C in JobMessageCode]: JobMessage } = {
  uploading: jobMessage('uploading', {}),
  submittedSingle: jobMessage('submittedSingle', { task: 'task_1' }),
  submittedBatch: jobMessage('submittedBatch', { task: 'task_1', batch: 'batch_2', item: '1' }),
  read: jobMessage('read', { reading: '0006.371', source: 'fresh' }),
  readShared: jobMessage('readShared', { reading: '0006.371', source: 'fresh' }),
  readByDesk: jobMessage('readByDesk', { reading: '0006.371', source: 'fresh', desk: 'anna@pc-7' }),
  confirmed: jobMessage('confirmed', {}),
  corrected: jobMessage('corrected', { reading: '00084.200' }),
  undoneToReview: jobMessage('undoneToReview', {}),
  undoneToConfirmed: jobMessage('undoneToConfirmed', {}),
  undoneToCorrected: jobMessage('undoneToCorrected', { reading: '00084.200' }),
  confirmedAtDesk: jobMessage('confirmedAtDesk', { desk: 'ben@pc-2' }),
  correctedAtDesk: jobMessage('correctedAtDesk', { reading: '00084.200', desk: 'ben@pc-2' }),
  undoneAtDesk: jobMessage('undoneAtDesk', { desk: 'ben@pc-2' }),
  retryRequested: jobMessage('retryRequested', {}),
  heldTooSmall: jobMessage('heldTooSmall', { side: '180', min: '320' }),
  heldTooDark: jobMessage('heldTooDark', {}),
  heldBlownOut: jobMessage('heldBlownOut', {}),
  heldBlurred: jobMessage('heldBlurred', {}),
  sentAnyway: jobMessage('sentAnyway', {}),
  sameAs: jobMessage('sameAs', { file: 'a/IMG 1.jpg' }),
  scannedAgain: jobMessage('scannedAgain', {}),
  quoted: quotedMessage('Image too blurry'),
  waitingForNetwork: jobMessage('waitingForNetwork', {}),
  waitingForQuota: jobMessage('waitingForQuota', {}),
  unexpectedRetry: jobMessage('unexpectedRetry', {}),
  taskLostResend: jobMessage('taskLostResend', {}),
  taskLostTwice: jobMessage('taskLostTwice', {}),
  batchItemMissing: jobMessage('batchItemMissing', {}),
  batchSplit: jobMessage('batchSplit', { serviceSays: 'too many files (max 20)' }),
  batchRepacked: jobMessage('batchRepacked', {
    serviceSays: 'Batch too large: the maximum is 20MB',
    limit: 20_000_000,
  }),
  resentInBatch: jobMessage('resentInBatch', {}),
  overServiceLimit: jobMessage('overServiceLimit', { size: 20_400_000, limit: 20_000_000 }),
  fileMoved: jobMessage('fileMoved', {}),
  fileUnreadable: jobMessage('fileUnreadable', { code: 'EACCES' }),
  doneWithoutReading: jobMessage('doneWithoutReading', {}),
  retryLater: jobMessage('retryLater', { retry: 'timeout' }),
  retryLaterSaid: jobMessage('retryLaterSaid', { serviceSays: 'Too many requests' }),
  gaveUp: jobMessage('gaveUp', { attempts: '5', retry: 'server_error' }),
  gaveUpSaid: jobMessage('gaveUpSaid', { attempts: '5', serviceSays: 'Too many requests' }),
  goneWhileScanning: jobMessage('goneWhileScanning', {}),
  permissionDenied: jobMessage('permissionDenied', {}),
  linkLoop: jobMessage('linkLoop', {}),
  fileLocked: jobMessage('fileLocked', {}),
  readError: jobMessage('readError', {}),
  cannotBeRead: jobMessage('cannotBeRead', { code: 'EISDIR' }),
  notRegular: jobMessage('notRegular', { kind: 'FIFO' }),
  emptyFile: jobMessage('emptyFile', {}),
  truncatedWebp: jobMessage('truncatedWebp', {}),
  truncatedJpeg: jobMessage('truncatedJpeg', {}),
  invalidName: jobMessage('invalidName', {}),
  brokenLink: jobMessage('brokenLink', {}),
  notFound: jobMessage('notFound', {}),
  stillWritten: jobMessage('stillWritten', { seconds: '30' }),
  textFile: unsupportedReason('text'),
  unknownFormat: unsupportedReason('unknown'),
  videoRefused: unsupportedReason('QuickTime video'),
  fileTypeRefused: unsupportedReason('PDF'),
  imageTypeRefused: unsupportedReason('HEIC'),
  tooLarge: jobMessage('tooLarge', {
    format: 'JPEG',
    size: 26_528_768,
    sizeMiB: '25.3 MiB',
    limit: 20_971_520,
    limitMiB: '20 MiB',
  }),
  folderGone: folderProblem(errno('ENOENT')).reason,
  folderPermissionDenied: folderProblem(errno('EACCES')).reason,
  folderLinkLoop: folderProblem(errno('ELOOP')).reason,
  folderUnreadable: folderProblem(errno('EIO')).reason,
  emptyJustChanged: jobMessage('emptyJustChanged', {}),
  shortJustChanged: jobMessage('shortJustChanged', {}),
  cutShortJustChanged: jobMessage('cutShortJustChanged', {}),
  changedWhileRead: jobMessage('changedWhileRead', {}),
  pathNotFound: jobMessage('pathNotFound', {}),
  pathPermissionDenied: jobMessage('pathPermissionDenied', {}),
  pathNotFileOrFolder: jobMessage('pathNotFileOrFolder', {}),
  pathUnreadable: jobMessage('pathUnreadable', { code: 'EIO' }),
  watchGone: jobMessage('watchGone', {}),
  watchNotAFolder: jobMessage('watchNotAFolder', {}),
  watchPermissionDenied: jobMessage('watchPermissionDenied', {}),
  watchUnreadable: jobMessage('watchUnreadable', { code: 'EIO' }),
  watchUnwatchable: jobMessage('watchUnwatchable', { detail: 'ENOSPC' }),
};

/** Worded in English in their own shape, not as the template says them. */
const OWN_ENGLISH: Partial<Record<JobMessageCode, string>> = {
  read: 'Reading 0006.371 (Fresh reading)',
  readShared: 'Reading 0006.371 (Fresh reading), shared with an identical photo',
  readByDesk:
    'Reading 0006.371 (Fresh reading) taken from anna@pc-7: read there, not sent or paid again here',
  retryLater: RETRY_SENTENCES.timeout,
  gaveUp: `Gave up after 5 attempts: ${RETRY_SENTENCES.server_error}`,
  tooLarge: 'The JPEG is 25.3 MB; the service accepts at most 20.0 MB per image',
};

const deWords = (m: JobMessage): string => jobLineText(jobWords(m, deStates, deBanners, 'de'));

let cleanup = (): void => undefined;
afterEach(() => {
  cleanup();
});

describe('job messages', () => {
  it('says each code in English from its template, for the log, the CLI and the CSV', () => {
    expect(Object.keys(WRITTEN).sort()).toEqual(Object.keys(JOB_MESSAGES).sort());
    expect(jobText(WRITTEN.batchSplit)).toBe(
      'Batch refused (too many files (max 20)); sending each photo alone',
    );
    expect(jobText(WRITTEN.gaveUp)).toBe(
      `Gave up after 5 attempts: ${RETRY_SENTENCES.server_error}`,
    );
    expect(jobText(WRITTEN.quoted)).toBe('Image too blurry');
    // The scanner's sentences, as it writes them.
    expect(jobText(WRITTEN.imageTypeRefused)).toBe(
      'HEIC images are not accepted; use JPEG, PNG or WEBP',
    );
    expect(jobText(WRITTEN.videoRefused)).toBe(
      'QuickTime videos are not accepted; use JPEG, PNG or WEBP',
    );
  });

  it('words every code in German and, in English, as its template says it', () => {
    for (const [code, message] of Object.entries(WRITTEN) as [JobMessageCode, JobMessage][]) {
      if (code === 'quoted') continue;
      const german = jobWords(message, deStates, deBanners);
      expect('worded' in german, code).toBe(true);
      expect(jobLineText(german), code).not.toMatch(/{{|job\.|[Ww]ill retry|service/);
      const english = jobLineText(jobWords(message, enStates, undefined, 'en'));
      expect(english, code).toBe(OWN_ENGLISH[code] ?? jobText(message));
    }
    expect(deWords(WRITTEN.gaveUp)).toBe(
      'Nach 5 Versuchen aufgegeben: Der Dienst hatte ein vorübergehendes Problem; später neuer Versuch.',
    );
    expect(deWords(WRITTEN.imageTypeRefused)).toBe(
      'HEIC-Bilder werden nicht angenommen; verwenden Sie JPEG, PNG oder WEBP',
    );
    expect(deWords(WRITTEN.batchSplit)).toBe(
      'Stapel abgelehnt (too many files (max 20)); jedes Foto wird einzeln gesendet',
    );
    expect(deWords(WRITTEN.readShared)).toBe(
      'Zählerstand 0006.371 (Neue Ablesung), übernommen für ein identisches Foto',
    );
  });

  it('groups stored byte counts in the window’s language, not as the English log writes them', () => {
    expect(jobText(WRITTEN.batchRepacked)).toMatch(/at most 20,000,000 bytes$/);
    expect(deWords(WRITTEN.batchRepacked)).toMatch(/höchstens 20\.000\.000 Bytes$/);
    expect(deWords(WRITTEN.overServiceLimit)).toMatch(
      /hat 20\.400\.000 Bytes, .* 20\.000\.000 Bytes/,
    );
    // Renaming the English template leaves the German window as it was.
    const templates = JOB_MESSAGES as Record<JobMessageCode, string>;
    const before = templates.batchRepacked;
    templates.batchRepacked = 'Batches now at most {limit} bytes ({serviceSays})';
    try {
      expect(deWords(WRITTEN.batchRepacked)).toMatch(/höchstens 20\.000\.000 Bytes$/);
    } finally {
      templates.batchRepacked = before;
    }
  });

  it('shows the service’s own words as written, quoted', () => {
    expect(jobWords(WRITTEN.quoted, deStates, deBanners)).toEqual({ quoted: 'Image too blurry' });
  });

  it('says a file too large in the window’s units, in bytes where rounding would hide it', () => {
    expect(deWords(WRITTEN.tooLarge)).toBe(
      'Das JPEG ist 25,3 MB groß; der Dienst nimmt höchstens 20,0 MB pro Bild an',
    );
    // One byte over: both would read "20,0 MB", so the exact counts are given.
    const justOver = jobMessage('tooLarge', {
      format: 'PNG',
      size: 20_971_521,
      sizeMiB: '20.0 MiB',
      limit: 20_971_520,
      limitMiB: '20 MiB',
    });
    expect(deWords(justOver)).toBe(
      'Das PNG ist 20.971.521 Byte groß; der Dienst nimmt höchstens 20.971.520 Byte (20,0 MB) pro Bild an',
    );
    expect(jobLineText(jobWords(justOver, enStates, undefined, 'en'))).toBe(
      'The PNG is 20,971,521 bytes; the service accepts at most 20,971,520 bytes (20.0 MB) per image',
    );
  });

  it('words the error column: the kind, then MeterDesk’s own reason in German', () => {
    const job = {
      state: 'failed',
      failureKind: 'task_lost',
      errorMessage: WRITTEN.taskLostTwice,
    } as unknown as JobRecord;
    expect(errorText(job, deStates, deBanners)).toMatch(
      /: Der Dienst hat diesen Auftrag zweimal verloren; bitte später erneut versuchen$/,
    );
    expect(errorQuotes(job)).toBe(false);
    // The service's words are shown as written and marked as quoted.
    const service = { ...job, errorMessage: quotedMessage('Image too blurry') };
    expect(errorText(service, deStates, deBanners)).toMatch(/: Image too blurry$/);
    expect(errorQuotes(service)).toBe(true);
  });
});

describe("a job's history from the queue, in the window", () => {
  function queue(): ReturnType<typeof openStore> {
    const t = tempDir();
    const store = openStore(join(t.dir, 'queue.sqlite'));
    cleanup = () => {
      store.close();
      t.cleanup();
    };
    return store;
  }

  it('words a stored event by its code in German', () => {
    const store = queue();
    const id = queuedPhoto(store);
    store.jobs.markUploading([id]);
    store.jobs.requeue([id], { nextAttemptAt: 0, message: jobMessage('taskLostResend', {}) });
    const lines = store.jobs.events(id).map((e) => deWords(e.message));
    expect(lines).toEqual([
      'Wird hochgeladen',
      'Der Dienst kennt diesen Auftrag nicht mehr; das Foto wird erneut gesendet',
    ]);
  });

  it('says the same when the English template is renamed: the window never reads the English', () => {
    const templates = JOB_MESSAGES as Record<JobMessageCode, string>;
    const before = templates.taskLostResend;
    templates.taskLostResend = 'The task is unknown at the service; the photo goes again';
    try {
      const store = queue();
      const id = queuedPhoto(store);
      store.jobs.markUploading([id]);
      store.jobs.requeue([id], { nextAttemptAt: 0, message: jobMessage('taskLostResend', {}) });
      const [, event] = store.jobs.events(id);
      if (!event) throw new Error('no event');
      // The log and the CSV say the new English; the German window is unchanged.
      expect(jobText(event.message)).toBe(
        'The task is unknown at the service; the photo goes again',
      );
      expect(jobWords(event.message, deStates, deBanners)).toEqual({
        worded: 'Der Dienst kennt diesen Auftrag nicht mehr; das Foto wird erneut gesendet',
      });
    } finally {
      templates.taskLostResend = before;
    }
  });
});
