// Why a folder cannot hold MeterDesk's data, in English for the log (the code dataFolderUnusable of
// common/engine-messages.ts; the window words the same code from its catalogue). Office words:
// never a raw code such as EEXIST.
import { fillFrom } from './fill-template';

/**
 * One template per reason: a system error code, 'other', or a system place refused by its name,
 * by where it leads or by its file system. A const object, so a test can rename one.
 */
export const DATA_FOLDER_ENGLISH = {
  EEXIST: '{dir} is a file, not a folder. Choose a folder, or a name that is not taken.',
  ENOTDIR: 'Part of {dir} is a file, not a folder. Check the path.',
  EACCES: 'MeterDesk is not allowed to write in {dir}. Choose a folder of your own.',
  EROFS: '{dir} is on a drive that cannot be written to. Choose another folder.',
  ENOSPC: 'The drive of {dir} is full. Free some space or choose another folder.',
  ENOENT: '{dir} cannot be made: a folder on the way there does not exist.',
  /** Before each of the system error codes' sentences. */
  there: 'MeterDesk cannot keep its data there: {problem}',
  other: 'MeterDesk cannot keep its data in {dir}. Choose another folder.',
  systemFolder:
    'MeterDesk cannot keep its data in {dir}: {folder} is a system folder of the operating system, not a place for files. {choose}',
  linksToSystem:
    'MeterDesk cannot keep its data in {dir}: it leads to {real}, inside the system folder {folder}, not a place for files. {choose}',
  pseudoFileSystem:
    'MeterDesk cannot keep its data in {dir}: it is on a "{real}" file system, which the operating system uses for itself, not for files. {choose}',
  choose: 'Choose a folder in your home folder or on a data drive.',
};

type Reason = keyof typeof DATA_FOLDER_ENGLISH;

/** The system error codes with a sentence of their own (EPERM says what EACCES says). */
const SYSTEM_CODES = ['EEXIST', 'ENOTDIR', 'EACCES', 'EROFS', 'ENOSPC', 'ENOENT'] as const;

/** The reasons a data folder problem is worded by; the window's catalogue has the same keys. */
export type DataFolderReason = Exclude<Reason, 'there' | 'choose'>;

const REASONS: readonly DataFolderReason[] = [
  ...SYSTEM_CODES,
  'other',
  'systemFolder',
  'linksToSystem',
  'pseudoFileSystem',
];

/** The reason a data folder problem is worded by: a known code as written, else 'other'. */
export function dataFolderReason(why: string): DataFolderReason {
  if (why === 'EPERM') return 'EACCES';
  return REASONS.find((r) => r === why) ?? 'other';
}

/** The problem in English: what the log says, and the IPC error's message. */
export function dataFolderEnglish(p: {
  readonly dir: string;
  readonly why: string;
  readonly folder: string;
  readonly real: string;
}): string {
  const reason = dataFolderReason(p.why);
  const values = { ...p, choose: DATA_FOLDER_ENGLISH.choose };
  if (SYSTEM_CODES.some((c) => c === reason)) {
    return fillFrom(DATA_FOLDER_ENGLISH.there, {
      problem: fillFrom(DATA_FOLDER_ENGLISH[reason], values),
    });
  }
  return fillFrom(DATA_FOLDER_ENGLISH[reason], values);
}
