// `meter-desk office outbox [--db FILE] [--keep-days N]`: how many entries of this desk's outbox
// wait and how many published ones it keeps, and how long it keeps them (set with --keep-days,
// 1 to 3650; 30 unless set). Setting it prunes at once what the new retention lets go; the
// publisher prunes hourly while the desk runs. `office republish` can resend only what is kept.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultDbFile } from '../../config/paths';
import { officeOutboxOf } from '../../store/office-outbox';
import {
  MAX_OUTBOX_KEEP_DAYS,
  outboxKeepDays,
  setOutboxKeepDays,
  validOutboxKeepDays,
} from '../../store/outbox-retention';
import { openStore } from '../../store/store';
import { systemClock } from '../../time/clock';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';

const entries = (n: number): string => `${n} entr${n === 1 ? 'y' : 'ies'}`;
const days = (n: number): string => `${n} day${n === 1 ? '' : 's'}`;

function keepDaysOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!validOutboxKeepDays(n)) {
    throw new UsageError(
      `--keep-days takes a whole number of days from 1 to ${MAX_OUTBOX_KEEP_DAYS}, not "${text}".`,
    );
  }
  return n;
}

export function officeOutboxCommand(argv: string[], io: CliIo): number {
  const { values } = parseArgs({
    args: argv,
    options: { db: { type: 'string' }, 'keep-days': { type: 'string' } },
  });
  const keepDays = keepDaysOf(values['keep-days']);
  const file = values.db ?? defaultDbFile(io.env);
  if (!existsSync(file)) throw new UsageError(`No queue at ${file} (give it with --db FILE).`);
  const store = openStore(file);
  try {
    const outbox = officeOutboxOf(store.db, systemClock);
    let pruned = 0;
    if (keepDays !== null) {
      // It deletes entries: one writer per queue, so a window or watch on it refuses this.
      store.claim({ label: 'meter-desk office outbox' });
      setOutboxKeepDays(store.settings, keepDays);
      pruned = outbox.prunePublished();
    }
    const { pending, published } = outbox.counts();
    io.out(
      `Outbox of ${file}: ${entries(pending)} waiting, ${entries(published)} published and kept; ` +
        `published entries are kept ${days(outboxKeepDays(store.settings))}` +
        `${keepDays === null ? '' : ` (${entries(pruned)} pruned now)`}.\n`,
    );
    return EXIT.ok;
  } finally {
    store.close();
  }
}
