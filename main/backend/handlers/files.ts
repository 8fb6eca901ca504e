// Calls that touch files outside the queue: writing the CSV export to the file the person chose in
// main's save dialog, showing a photo, an added folder or an exported file in the OS file manager,
// and the file behind a photo address.
import path from 'node:path';
import { exportJobs } from '../../export/export-jobs';
import { CsvExportError } from '../../export/csv';
import { AppError } from '../../ipc/app-error';
import { replyMessage } from '../../../common/reply-messages';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';

type FileHandlers = Pick<BackendHandlers, 'writeCsv' | 'openFileLocation' | 'photoFile'>;

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export function fileHandlers(state: BackendState): FileHandlers {
  return {
    async writeCsv({ selection, bom, delimiter, path: target }) {
      try {
        const result = await state.use(() =>
          exportJobs(state.store, selection, target, { bom, delimiter }),
        );
        state.exported.add(result.path);
        return { path: result.path, rows: result.rows };
      } catch (error) {
        if (error instanceof CsvExportError) throw new AppError('file_error', error.said);
        throw error;
      }
    },

    openFileLocation: (request) =>
      state.use(async () => {
        let target: string;
        if ('jobId' in request) {
          const job = state.store.jobs.get(request.jobId);
          if (!job) throw new AppError('not_found', replyMessage('photoGone', {}));
          target = job.path;
        } else {
          target = path.resolve(request.path);
          const known =
            state.exported.has(target) ||
            state.store.roots.list().some((root) => isInside(target, root.path));
          if (!known) {
            throw new AppError('invalid_request', replyMessage('notShownHere', {}));
          }
        }
        const shown = await state.main.showItemInFolder(target);
        if (!shown.ok) {
          // Main's own sentence when it has one; else what failed, worded by the window.
          const said = shown.error.said ?? replyMessage('folderNotShown', {});
          throw new AppError(shown.error.code, said);
        }
        return null;
      }),

    photoFile: ({ jobId }) =>
      state.use(() => {
        const job = state.store.jobs.get(jobId);
        if (!job || job.state === 'rejected' || job.format === null) return null;
        return { path: job.path };
      }),
  };
}
