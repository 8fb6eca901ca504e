// What the checks judge by beyond the sheet (issue 33): the plausibility profile and the meters'
// history, imported, billed by an export or taken from the office; in office mode both are the
// office's (office migration 012), asked of it first and taken from it on its live note.
import type { BillingRow } from '../../common/billing/billing-row';
import {
  PROFILE_CONFIGS,
  profileOf,
  type PlausibilityProfile,
} from '../../common/billing/plausibility-profiles';
import type { DateOrder } from '../../common/billing/sheet-values';
import { assessMeters, PLAUSIBILITY_SETTING, plausibilityConfig } from '../billing/assess';
import { exchangeBridges, exportedHistoryRows } from '../billing/history/exported-history';
import {
  historyResult,
  readHistoryFile,
  type HistoryImportResult,
} from '../billing/history/import-history';
import type { TakenHistoryRow } from '../billing/history/office-history-mark';
import type { Store } from '../store/store';
import type { ActionSteps } from './action-steps';
import { takeHistoryRows } from './take-office-history';

export class HistoryActions {
  constructor(private readonly steps: ActionSteps) {}

  /**
   * The plausibility limits the checks use (a profile, issue 33): stored for this queue (the
   * window and `meter-desk run` check alike), then every meter's readings are checked again. In
   * office mode the office's first (office migration 012): every desk and the office export then
   * judge by it. An office away leaves it this desk's alone, as a decision made alone.
   */
  async setPlausibilityProfile(profile: PlausibilityProfile): Promise<'office' | 'alone'> {
    this.steps.write('set plausibility limits');
    const port = this.steps.site.office?.() ?? null;
    const where = port?.chooseProfile ? await port.chooseProfile(profile) : 'alone';
    this.useProfile(this.steps.write('set plausibility limits'), profile);
    return where;
  }

  /**
   * The office's profile, chosen at another desk, taken into this queue; false when the queue
   * judges by it already (nothing is checked again).
   */
  takeOfficeProfile(profile: PlausibilityProfile): boolean {
    const store = this.steps.write('set plausibility limits');
    if (profileOf(plausibilityConfig(store)) === profile) return false;
    this.useProfile(store, profile);
    return true;
  }

  private useProfile(store: Store, profile: PlausibilityProfile): void {
    store.settings.set(PLAUSIBILITY_SETTING, PROFILE_CONFIGS[profile]);
    this.steps.changed(assessMeters(store, store.meters.metersWithPhotos(), this.steps.now()));
  }

  /**
   * A billing system's history of readings (issue 33, `meter-desk history import`). Safe beside
   * an owner, as a review is: only this and a confirmed export write meter_history, and the checks
   * it re-runs are recomputed whole from the rows, whoever writes last.
   */
  async importHistory(file: string, dateOrder?: DateOrder): Promise<HistoryImportResult> {
    const store = this.steps.site.store();
    const parsed = await readHistoryFile(file, dateOrder);
    const rows = parsed.rows.map((r) => r.row);
    // In office mode history is the office's (issue 33): the office's answer is the import's.
    const port = this.steps.site.office?.() ?? null;
    const office = port?.keepHistory ? await port.keepHistory(rows, 'import') : null;
    // The queue keeps them too, so this desk's checks know them at once.
    const here = store.history.add(rows, 'import');
    const result = historyResult(parsed, office ?? here);
    const known = result.meterIds.filter((id) => store.meters.get(id) !== undefined);
    this.steps.changed(known.length > 0 ? assessMeters(store, known, this.steps.now()) : []);
    return result;
  }

  /**
   * Rows of the office's history, imported or exported at other desks, taken into this queue
   * with the mark of the newest (as safe beside an owner as the import): this desk's checks,
   * meter detail and inspection list know what the office knows. A row this queue holds with
   * another reading stays as it is here (the office's derivation reads the office's). The
   * readings added.
   */
  takeOfficeHistory(rows: readonly TakenHistoryRow[]): number {
    const store = this.steps.site.store();
    const { added, meters } = takeHistoryRows(store, rows);
    const known = meters.filter((id) => store.meters.get(id) !== undefined);
    if (added > 0 && known.length > 0)
      this.steps.changed(assessMeters(store, known, this.steps.now()));
    return added;
  }

  /**
   * A billing export was written: the readings billing takes become history (issue 33), so the
   * next cycle's checks know them; in office mode the office's too (an office away: this
   * queue's only, the office export adds them later). As safe beside an owner as the import.
   * The readings added here.
   */
  async recordExport(rows: Iterable<BillingRow>): Promise<number> {
    const history = this.steps.site.store().history;
    const exported = exportedHistoryRows(rows);
    const outcomes = history.add(exported, 'export');
    // After the exchange's own rows are kept: the old meter's removal is part of what is carried.
    const bridges = exchangeBridges(exported, (id) => history.of(id));
    const bridged = history.add(bridges, 'export');
    const port = this.steps.site.office?.() ?? null;
    const kept = [...exported, ...bridges];
    if (port?.keepHistory && kept.length > 0)
      await port.keepHistory(kept, 'export').catch(() => null);
    return [...outcomes, ...bridged].filter((o) => o.kind === 'added').length;
  }
}
