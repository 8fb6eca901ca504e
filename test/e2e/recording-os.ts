// The desktop around the backend, played by the test: the save dialog answers with a file in the
// test's folder, the folder dialog with what the test queued, and every "show in folder",
// notification and progress update is recorded for assertions.
import type { DesktopNotice, OsPort, ProgressState, SafeStorageInfo } from '../../main/app/os-port';

export class RecordingOs implements OsPort {
  readonly shown: string[] = [];
  readonly notices: DesktopNotice[] = [];
  readonly saved: string[] = [];
  /** Answers of the next save dialogs (null: canceled). */
  saveAnswers: (string | null)[] = [];
  /** Answers of the next folder dialogs. */
  folderAnswers: (string[] | null)[] = [];

  chooseSaveFile(): Promise<string | null> {
    const answer = this.saveAnswers.shift() ?? null;
    if (answer) this.saved.push(answer);
    return Promise.resolve(answer);
  }

  chooseFolders(): Promise<string[] | null> {
    return Promise.resolve(this.folderAnswers.shift() ?? null);
  }

  showItemInFolder(path: string): Promise<void> {
    this.shown.push(path);
    return Promise.resolve();
  }

  notify(notice: DesktopNotice): Promise<void> {
    this.notices.push(notice);
    return Promise.resolve();
  }

  setProgress(_progress: ProgressState): Promise<void> {
    return Promise.resolve();
  }

  safeStorageInfo(): Promise<SafeStorageInfo> {
    return Promise.resolve({ available: false, backend: 'none' });
  }

  encryptString(): Promise<string> {
    return Promise.reject(new Error('no safeStorage in tests'));
  }

  decryptString(): Promise<string> {
    return Promise.reject(new Error('no safeStorage in tests'));
  }
}
