// File-system errors as scan outcomes with reasons a user can act on.
import { jobMessage, type JobMessage } from '../../common/job-messages';
import type { FailureKind } from '../../common/job';

export interface Problem {
  failureKind: FailureKind;
  reason: JobMessage;
}

export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return (
    signal?.aborted === true ||
    (error instanceof Error && (error.name === 'AbortError' || errnoCode(error) === 'ABORT_ERR'))
  );
}

/** A failure to open or read a file. */
export function fileProblem(error: unknown): Problem {
  const code = errnoCode(error);
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return {
        failureKind: 'vanished',
        reason: jobMessage('goneWhileScanning', {}),
      };
    case 'EACCES':
    case 'EPERM':
      return { failureKind: 'unreadable', reason: jobMessage('permissionDenied', {}) };
    case 'ELOOP':
      return { failureKind: 'unreadable', reason: jobMessage('linkLoop', {}) };
    case 'EBUSY':
    case 'ETXTBSY':
      return { failureKind: 'unreadable', reason: jobMessage('fileLocked', {}) };
    case 'EIO':
      return {
        failureKind: 'unreadable',
        reason: jobMessage('readError', {}),
      };
    default:
      return {
        failureKind: 'unreadable',
        reason: jobMessage('cannotBeRead', {
          code: code ?? (error instanceof Error ? error.message : String(error)),
        }),
      };
  }
}

/**
 * A folder that could not be listed. The scanner reports it as one rejected entry for the
 * folder's own path, so the user sees that its photos were not scanned (see walk.ts).
 */
export function folderProblem(error: unknown): Problem {
  const code = errnoCode(error);
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return { failureKind: 'vanished', reason: jobMessage('folderGone', {}) };
    case 'EACCES':
    case 'EPERM':
      return { failureKind: 'unreadable', reason: jobMessage('folderPermissionDenied', {}) };
    case 'ELOOP':
      return { failureKind: 'unreadable', reason: jobMessage('folderLinkLoop', {}) };
    default:
      return {
        failureKind: 'unreadable',
        reason: jobMessage('folderUnreadable', {
          code: code ?? (error instanceof Error ? error.message : String(error)),
        }),
      };
  }
}
