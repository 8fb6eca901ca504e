// MeterDesk's own sentences in a job's history and error: written by main from one table
// (common/job-messages.ts), read back into code and parameters and worded in the window's
// language; the service's words, or a reason MeterDesk did not write, stay as written.
import { describe, expect, it } from 'vitest';
import {
  JOB_MESSAGES,
  jobMessage,
  parseJobMessage,
  RETRY_SENTENCES,
  type JobMessageCode,
} from '../../common/job-messages';
import { createI18n } from '../../renderer/i18n/i18n';
import { jobMessageWords } from '../../renderer/lib/job-words';
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

/** Each template's sentence as main writes it (a code added without one here fails to compile). */
const WRITTEN: { readonly [C in JobMessageCode]: string } = {
  waitingForNetwork: jobMessage('waitingForNetwork', {}),
  waitingForQuota: jobMessage('waitingForQuota', {}),
  unexpectedRetry: jobMessage('unexpectedRetry', {}),
  taskLostResend: jobMessage('taskLostResend', {}),
  taskLostTwice: jobMessage('taskLostTwice', {}),
  batchItemMissing: jobMessage('batchItemMissing', {}),
  batchSplit: jobMessage('batchSplit', { serviceSays: 'too many files (max 20)' }),
  fileMoved: jobMessage('fileMoved', {}),
  fileUnreadable: jobMessage('fileUnreadable', { code: 'EACCES' }),
  doneWithoutReading: jobMessage('doneWithoutReading', {}),
  retryLater: jobMessage('retryLater', { reason: RETRY_SENTENCES.timeout }),
  gaveUp: jobMessage('gaveUp', { attempts: '5', reason: RETRY_SENTENCES.server_error }),
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
    size: '26,528,768',
    sizeMiB: '25.3 MiB',
    limit: '20,971,520',
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
};

/** Worded in English in their own shape, not as main wrote them (a size in the window's units). */
const OWN_ENGLISH: Partial<Record<JobMessageCode, string>> = {
  retryLater: RETRY_SENTENCES.timeout,
  tooLarge: 'The JPEG is 25.3 MB; the service accepts at most 20.0 MB per image',
};

describe('job messages', () => {
  it('reads every sentence main writes back into its code and parameters', () => {
    expect(Object.keys(WRITTEN).sort()).toEqual(Object.keys(JOB_MESSAGES).sort());
    expect(WRITTEN.batchSplit).toBe(
      'Batch refused (too many files (max 20)); sending each photo alone',
    );
    expect(parseJobMessage(WRITTEN.batchSplit)).toEqual({
      code: 'batchSplit',
      params: { serviceSays: 'too many files (max 20)' },
    });
    expect(parseJobMessage(WRITTEN.gaveUp)).toEqual({
      code: 'gaveUp',
      params: { attempts: '5', reason: RETRY_SENTENCES.server_error },
    });
    for (const [code, text] of Object.entries(WRITTEN)) {
      expect(parseJobMessage(text)?.code, text).toBe(code);
    }
    expect(parseJobMessage('Invalid meter type: gas')).toBeNull();
    // The scanner's sentences, as it writes them.
    expect(WRITTEN.imageTypeRefused).toBe('HEIC images are not accepted; use JPEG, PNG or WEBP');
    expect(WRITTEN.videoRefused).toBe('QuickTime videos are not accepted; use JPEG, PNG or WEBP');
  });

  it('words every one in German and, in English, says what main wrote (a reason once)', () => {
    for (const [code, text] of Object.entries(WRITTEN)) {
      const german = jobMessageWords(text, deStates, deBanners);
      expect(german, code).not.toBeNull();
      expect(german, code).not.toMatch(/{{|job\.|[Ww]ill retry|service/);
      const english = jobMessageWords(text, enStates, undefined, 'en');
      expect(english, code).toBe(OWN_ENGLISH[code as JobMessageCode] ?? text);
    }
    expect(jobMessageWords(WRITTEN.gaveUp, deStates, deBanners)).toBe(
      'Nach 5 Versuchen aufgegeben: Der Dienst hatte ein vorübergehendes Problem; später neuer Versuch.',
    );
    expect(jobMessageWords(WRITTEN.imageTypeRefused, deStates, deBanners)).toBe(
      'HEIC-Bilder werden nicht angenommen; verwenden Sie JPEG, PNG oder WEBP',
    );
    expect(jobMessageWords(WRITTEN.batchSplit, deStates, deBanners)).toBe(
      'Stapel abgelehnt (too many files (max 20)); jedes Foto wird einzeln gesendet',
    );
  });

  it('says a file too large in the window’s units, in bytes where rounding would hide it', () => {
    expect(jobMessageWords(WRITTEN.tooLarge, deStates, deBanners, 'de')).toBe(
      'Das JPEG ist 25,3 MB groß; der Dienst nimmt höchstens 20,0 MB pro Bild an',
    );
    // One byte over: both would read "20,0 MB", so the exact counts are given.
    const justOver = jobMessage('tooLarge', {
      format: 'PNG',
      size: '20,971,521',
      sizeMiB: '20.0 MiB',
      limit: '20,971,520',
      limitMiB: '20 MiB',
    });
    expect(jobMessageWords(justOver, deStates, deBanners, 'de')).toBe(
      'Das PNG ist 20.971.521 Byte groß; der Dienst nimmt höchstens 20.971.520 Byte (20,0 MB) pro Bild an',
    );
    expect(jobMessageWords(justOver, enStates, undefined, 'en')).toBe(
      'The PNG is 20,971,521 bytes; the service accepts at most 20,971,520 bytes (20.0 MB) per image',
    );
    // A size that is not a byte count as main writes it is not MeterDesk's sentence: quoted.
    const odd = WRITTEN.tooLarge.replace('26,528,768', '25.3 MiB');
    expect(jobMessageWords(odd, deStates, deBanners, 'de')).toBeNull();
  });

  it('leaves a retry whose reason MeterDesk did not write to be shown as written', () => {
    const text = jobMessage('retryLater', { reason: 'Too many requests from this key' });
    expect(jobMessageWords(text, deStates, deBanners)).toBeNull();
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
    expect(errorQuotes(job, deStates, deBanners)).toBe(false);
    // The service's words are shown as written and marked as quoted.
    const service = { ...job, errorMessage: 'Image too blurry' };
    expect(errorText(service, deStates, deBanners)).toMatch(/: Image too blurry$/);
    expect(errorQuotes(service, deStates, deBanners)).toBe(true);
  });
});
