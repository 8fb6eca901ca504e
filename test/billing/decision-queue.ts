// A queue file with a route sheet loaded through the action layer, on a manual clock: where the
// tests of a clerk's decisions and of what the billing export says of them start.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueueActions } from '../../main/actions/queue-actions';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { readPhoto } from './read-photo';

export const DECISIONS_NOW = Date.parse('2026-11-23T12:00:00Z');

/** An exchange's new meter and day, between the sheet's previous reading and the photos'. */
export const NEW_METER = { kind: 'exchange', newMeter: 'N1', exchangedAt: '2026-11-20' } as const;

const HEADER =
  'meter_id;route;sequence;digits;decimals;previous_reading;previous_read_at;avg_daily_use';

export interface DecisionQueue {
  store: Store;
  dir: string;
  rootId: number;
  actions: QueueActions;
  /** Loads `rows` (of HEADER's columns) as the route sheet `name`; false when it was refused. */
  loadSheet: (rows: readonly string[], name?: string) => Promise<boolean>;
  /** Reads `relPath` in the folder as the engine would, as `reading` on `readAt`; its job id. */
  readPhoto: (relPath: string, reading: string, readAt: string, sha256: string) => Promise<number>;
  /**
   * Reads each meter's photo `<meter>.jpg` as given, all on `readAt`, the n-th (from 1) with the
   * SHA-256 `n` written 64 times; their job ids by meter.
   */
  readMeters: (
    readings: Readonly<Record<string, string>>,
    readAt: string,
  ) => Promise<Record<string, number>>;
  close: () => void;
}

export function openDecisionQueue(prefix: string): DecisionQueue {
  const { dir, cleanup } = tempDir(prefix);
  const clock = createManualClock(DECISIONS_NOW);
  const store = openStore(join(dir, 'queue.sqlite'), { clock });
  const actions = new QueueActions({ store: () => store, engine: () => null, clock });
  const rootId = store.roots.ensure('/photos', 'folder').id;
  const read = (relPath: string, reading: string, readAt: string, sha256: string) =>
    readPhoto(store, { rootId, relPath, reading, readAt, sha256, now: new Date(DECISIONS_NOW) });
  return {
    store,
    dir,
    rootId,
    actions,
    loadSheet: async (rows, name = 'r.csv') => {
      const file = join(dir, name);
      writeFileSync(file, `${[HEADER, ...rows].join('\r\n')}\r\n`);
      return (await actions.loadRouteSheet(file, { name })).ok;
    },
    readPhoto: read,
    readMeters: async (readings, readAt) => {
      const ids: Record<string, number> = {};
      let n = 0;
      for (const [meterId, reading] of Object.entries(readings))
        ids[meterId] = await read(`${meterId}.jpg`, reading, readAt, String(++n).repeat(64));
      return ids;
    },
    close: () => {
      store.close();
      cleanup();
    },
  };
}
