// The meter history file behind the window's "Import history…" (issue 33, item 1): imported
// through the action layer, as `meter-desk history import` does, so the meters it names are
// checked again; the answer is counts and the lines not taken, as codes.
import type { BackendHandlers } from '../backend';
import { MAX_HISTORY_PROBLEMS, type HistoryImportView } from '../../../common/ipc/history-views';
import type { BackendState } from '../backend-state';

type HistoryHandlers = Pick<BackendHandlers, 'importHistoryFile'>;

export function historyHandlers(state: BackendState): HistoryHandlers {
  return {
    importHistoryFile: ({ path }) =>
      state.use(async (): Promise<HistoryImportView> => {
        const result = await state.actions.importHistory(path);
        const onSheet = result.meterIds.filter((id) => state.store.meters.get(id) !== undefined);
        // The meters' checks changed: the table, the route panel and the counts follow.
        state.hub.markAppChanged();
        state.hub.statusChanged(state.status());
        return {
          lines: result.lines,
          added: result.added,
          unchanged: result.unchanged,
          meters: result.meterIds.length,
          metersOnSheet: onSheet.length,
          problems: result.problems.slice(0, MAX_HISTORY_PROBLEMS),
          problemCount: result.problems.length,
        };
      }),
  };
}
