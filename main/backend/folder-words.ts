// Why a folder cannot hold MeterDesk's data, in office words: never a raw code such as EEXIST.

const WORDS: Record<string, (dir: string) => string> = {
  EEXIST: (dir) => `${dir} is a file, not a folder. Choose a folder, or a name that is not taken.`,
  ENOTDIR: (dir) => `Part of ${dir} is a file, not a folder. Check the path.`,
  EACCES: (dir) => `MeterDesk is not allowed to write in ${dir}. Choose a folder of your own.`,
  EPERM: (dir) => `MeterDesk is not allowed to write in ${dir}. Choose a folder of your own.`,
  EROFS: (dir) => `${dir} is on a drive that cannot be written to. Choose another folder.`,
  ENOSPC: (dir) => `The drive of ${dir} is full. Free some space or choose another folder.`,
  ENOENT: (dir) => `${dir} cannot be made: a folder on the way there does not exist.`,
};

/** The sentence for a failed attempt to make or write a data folder, by the system's error code. */
export function dataFolderProblem(dir: string, code: string | undefined): string {
  const words = code ? WORDS[code] : undefined;
  return words
    ? `MeterDesk cannot keep its data there: ${words(dir)}`
    : `MeterDesk cannot keep its data in ${dir}. Choose another folder.`;
}
