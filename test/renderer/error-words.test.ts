// A failed call's own sentence travels as a code (IpcError.said, here a data folder MeterDesk
// cannot use): the window words it in its language, in Settings and in a notice, and never reads
// the English message, which is the log's; renaming the English changes the log, not the window.
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_FOLDER_ENGLISH } from '../../common/data-folder-english';
import { logMessage, logText } from '../../common/engine-messages';
import { fail, type IpcError } from '../../common/ipc/result';
import { createI18n } from '../../renderer/i18n/i18n';
import { describeError } from '../../renderer/lib/errors';
import { wordNotice } from '../../renderer/store/notice-words';

const errorsDe = createI18n('de').getFixedT('de', 'errors');
const engineDe = createI18n('de').getFixedT('de', 'engine');
const appDe = createI18n('de').getFixedT('de', 'app');

const english = DATA_FOLDER_ENGLISH as Record<keyof typeof DATA_FOLDER_ENGLISH, string>;
const saved = { ...english };
afterEach(() => {
  Object.assign(english, saved);
});

function refused(why: string, at: { folder?: string; real?: string } = {}): IpcError {
  const said = logMessage('dataFolderUnusable', {
    dir: '/proc/meterdesk',
    why,
    folder: at.folder ?? '',
    real: at.real ?? '',
  });
  const result = fail('file_error', logText(said), said);
  if (result.ok) throw new Error('not a failure');
  return result.error;
}

describe('an IPC error with a coded sentence', () => {
  it('is worded in German from its code, in Settings and in a notice', () => {
    const error = refused('systemFolder', { folder: '/proc' });
    const german = describeError(error, errorsDe, engineDe);
    expect(german).toContain(
      'MeterDesk kann seine Daten nicht in /proc/meterdesk ablegen: /proc ist ein Systemordner',
    );
    expect(german).not.toContain('cannot keep');
    expect(wordNotice({ kind: 'error', error }, appDe, errorsDe, engineDe)).toBe(german);
  });

  it('words every reason, in English and German, with no placeholder left', () => {
    for (const why of [
      'EEXIST',
      'ENOTDIR',
      'EACCES',
      'EPERM',
      'EROFS',
      'ENOSPC',
      'ENOENT',
      'EIO',
    ]) {
      const error = refused(why);
      const en = describeError(error);
      const de = describeError(error, errorsDe, engineDe);
      expect(en, why).toContain('/proc/meterdesk');
      expect(de, why).toContain('/proc/meterdesk');
      expect(`${en} ${de}`, why).not.toMatch(/{{|dataFolder\.|E[A-Z]{3,}/);
      expect(de, why).not.toBe(en);
    }
    expect(describeError(refused('pseudoFileSystem', { real: 'sysfs' }))).toContain('“sysfs”');
  });

  it('says the same when the English is renamed: only the log changes', () => {
    const before = describeError(refused('EROFS'), errorsDe, engineDe);
    const beforeEn = describeError(refused('EROFS'));
    english.EROFS = '{dir} is read-only (renamed).';
    english.there = 'No data there: {problem}';
    const error = refused('EROFS');
    expect(error.message).toBe('No data there: /proc/meterdesk is read-only (renamed).');
    expect(describeError(error, errorsDe, engineDe)).toBe(before);
    expect(describeError(error)).toBe(beforeEn);
  });

  it("without a code (the plumbing's own: a deadline, a refused caller), says its headline only", () => {
    const error: IpcError = { code: 'file_error', message: 'Disk full.' };
    expect(describeError(error)).toBe('A file could not be read or written');
    expect(describeError(error, errorsDe, engineDe)).toBe(
      'Eine Datei konnte nicht gelesen oder geschrieben werden',
    );
  });
});
