// The office's history rows into the queue (QueueActions.takeOfficeHistory): each row kept with
// the source it has in the office (an export's reading may be replaced by a later export, an
// import's never), and the office's newest rev taken as the mark the next read starts after.
import { OFFICE_HISTORY_MARK, type TakenHistoryRow } from '../billing/history/office-history-mark';
import type { Store } from '../store/store';

export function takeHistoryRows(
  store: Store,
  rows: readonly TakenHistoryRow[],
): { added: number; /** The meters to check again. */ meters: string[] } {
  const last = rows.at(-1);
  if (last === undefined) return { added: 0, meters: [] };
  const part = (source: TakenHistoryRow['source']) =>
    rows
      .filter((r) => r.source === source)
      .map(({ meterId, readAt, reading, readType }) => ({ meterId, readAt, reading, readType }));
  const added = [
    ...store.history.add(part('import'), 'import'),
    ...store.history.add(part('export'), 'export'),
  ].filter((o) => o.kind === 'added').length;
  store.settings.set(OFFICE_HISTORY_MARK, last.rev);
  // An export's readings are the next cycle's history: like a desk's own export, they check
  // nothing again (the office's rows do not read them either, office-history.ts).
  const imported = rows.filter((r) => r.source === 'import').map((r) => r.meterId);
  return { added, meters: [...new Set(imported)] };
}
