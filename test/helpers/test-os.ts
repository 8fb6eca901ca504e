// The desktop around the backend (app tests, IPC tests, the E2E window), played by the test:
// dialogs answer with what the test queued, and everything the backend asks the OS to show is
// recorded for assertions. Encryption stands in for Electron's safeStorage with real AES-256-GCM
// under a per-instance key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DesktopNotice, ProgressState, SafeStorageInfo } from '../../common/ipc/backend-views';
import type { MainServiceHandlers } from '../../main/desktop/backend-client';
import type { DesktopDialogs } from '../../main/desktop/dialogs';

export class TestOs implements MainServiceHandlers, DesktopDialogs {
  readonly shown: string[] = [];
  readonly notices: DesktopNotice[] = [];
  readonly progress: ProgressState[] = [];
  saveAnswers: (string | null)[] = [];
  folderAnswers: (string[] | null)[] = [];
  /** Answers of the open-file dialog, and the kinds of dialog asked for (save and open). */
  openAnswers: (string | null)[] = [];
  readonly dialogsAsked: string[] = [];
  safeStorage: SafeStorageInfo = { available: false, backend: 'unknown' };
  private readonly key = randomBytes(32);

  chooseSaveFile(_defaultName: string, kind = 'readings'): Promise<string | null> {
    this.dialogsAsked.push(`save ${kind}`);
    return Promise.resolve(this.saveAnswers.shift() ?? null);
  }

  chooseOpenFile(kind: string): Promise<string | null> {
    this.dialogsAsked.push(`open ${kind}`);
    return Promise.resolve(this.openAnswers.shift() ?? null);
  }

  chooseFolders(): Promise<string[] | null> {
    return Promise.resolve(this.folderAnswers.shift() ?? null);
  }

  /** The data folder the test picks next in Settings' "Browse…"; null cancels. */
  dataFolderAnswers: (string | null)[] = [];

  chooseDataFolder(): Promise<string | null> {
    return Promise.resolve(this.dataFolderAnswers.shift() ?? null);
  }

  /** Folders opened in the file manager; an answer queued here is the OS's refusal. */
  readonly openedFolders: string[] = [];
  openFolderProblems: (string | null)[] = [];

  openFolder(path: string): Promise<string | null> {
    this.openedFolders.push(path);
    return Promise.resolve(this.openFolderProblems.shift() ?? null);
  }

  showItemInFolder(path: string): Promise<null> {
    this.shown.push(path);
    return Promise.resolve(null);
  }

  notify(notice: DesktopNotice): Promise<null> {
    this.notices.push(notice);
    return Promise.resolve(null);
  }

  setProgress(progress: ProgressState): Promise<null> {
    this.progress.push(progress);
    return Promise.resolve(null);
  }

  safeStorageInfo(): Promise<SafeStorageInfo> {
    return Promise.resolve(this.safeStorage);
  }

  encryptString(plain: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Promise.resolve(Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'));
  }

  decryptString(sealed: string): Promise<string> {
    const raw = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Promise.resolve(
      Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
    );
  }
}
