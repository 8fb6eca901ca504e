// The dialogs main shows for the window, in a file of their own: window-calls.ts and
// billing-dialog-calls.ts both need them, and the second is imported by the first.

/** What a dialog is for: its title and the file types it offers. */
export type FileKind =
  | 'readings'
  | 'billing'
  | 'missing'
  | 'route_sheet'
  | 'history'
  | 'template'
  | 'order_profile'
  | 'return_file'
  | 'office_report'
  | 'office_ca';

/** The dialogs main shows for the window; null when the person canceled. */
export interface DesktopDialogs {
  /** The save dialog (default: the readings CSV). */
  chooseSaveFile(defaultName: string, kind?: FileKind): Promise<string | null>;
  /** The open dialog for one file. */
  chooseOpenFile(kind: FileKind): Promise<string | null>;
  /** The open dialog for folders (several allowed). */
  chooseFolders(): Promise<string[] | null>;
  /** The open dialog for one folder to keep MeterDesk's data in. */
  chooseDataFolder(): Promise<string | null>;
  /** Shows a folder in the file manager, made first if need be; null, or why it could not. */
  openFolder(path: string): Promise<string | null>;
}
