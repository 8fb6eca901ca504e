// Handlers that touch files outside the queue: the CSV export (through the save dialog) and showing
// a photo, an added folder or an exported file in the OS file manager.
import path from 'node:path';
import type { Handlers } from '../../../common/ipc/bridge';
import { exportJobs } from '../../engine/export-jobs';
import { CsvExportError } from '../../export/csv';
import { AppError } from '../../ipc/app-error';
import type { BackendState } from '../backend-state';

type FileHandlers = Pick<Handlers, 'exportCsv' | 'openFileLocation'>;

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function exportName(now = new Date()): string {
  return `MeterDesk readings ${now.toISOString().slice(0, 10)}.csv`;
}

export function fileHandlers(state: BackendState): FileHandlers {
  return {
    async exportCsv({ selection, bom, delimiter }) {
      const target = await state.os.chooseSaveFile(exportName());
      if (target === null) return { canceled: true };
      try {
        const result = await state.use(() =>
          exportJobs(state.store, selection, target, { bom, delimiter }),
        );
        state.exported.add(result.path);
        return { canceled: false, path: result.path, rows: result.rows };
      } catch (error) {
        if (error instanceof CsvExportError) throw new AppError('file_error', error.message);
        throw error;
      }
    },

    openFileLocation: (request) =>
      state.use(async () => {
        let target: string;
        if ('jobId' in request) {
          const job = state.store.jobs.get(request.jobId);
          if (!job) throw new AppError('not_found', 'This photo is no longer in the list.');
          target = job.path;
        } else {
          target = path.resolve(request.path);
          const known =
            state.exported.has(target) ||
            state.store.roots.list().some((root) => isInside(target, root.path));
          if (!known) {
            throw new AppError(
              'invalid_request',
              'MeterDesk only shows files and folders that were added to it or exported by it.',
            );
          }
        }
        await state.os.showItemInFolder(target);
        return null;
      }),
  };
}
