// `meter-desk office republish --office URL [--db FILE]`: after the office database was restored
// from a backup older than some of what this desk published, sends everything its queue ever
// published again: its route sheets and billing rows (an upsert), then every outbox entry,
// published or not, oldest first, each under the key it was first published with. The office
// keeps one row per key, so what it still has is left as it is and only what the restore lost is
// written anew (docs/office.md, Backups).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultDbFile } from '../../config/paths';
import { publishDesk } from '../../office/billing-publish';
import { deskMeterRoute } from '../../office/desk-meter-route';
import { defaultDeskName } from '../../office/office-desk';
import { redactOfficeUrl } from '../../office/office-url';
import { publishOutboxEntry } from '../../office/outbox-publisher';
import { OfficeError } from '../../office/store/office-db';
import { openOfficeStore, type OfficeStore } from '../../office/store/office-store';
import { officeOutboxOf, type OfficeOutbox } from '../../store/office-outbox';
import { outboxKeepDays, outboxPruned } from '../../store/outbox-retention';
import { openStore } from '../../store/store';
import { systemClock, type Clock } from '../../time/clock';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';
import { OFFICE_ENV, OFFICE_FLAGS, officeFailure, officeUrl } from './office-connection';

export interface Republished {
  /** Entries the office did not have (lost in the restore, or never published): written now. */
  readonly written: number;
  /** Entries the office still had under their key: nothing changed. */
  readonly present: number;
  /** Entries the office refused for their own reasons (not an outage): left as they were. */
  readonly refused: number;
}

const BATCH = 200;

/**
 * Every entry of the outbox into the office again. An office that cannot be reached stops it
 * (thrown); an entry refused for its own reasons is counted and passed over.
 */
export async function republishOutbox(
  outbox: OfficeOutbox,
  office: OfficeStore,
  clock: Clock,
): Promise<Republished> {
  let [written, present, refused, after] = [0, 0, 0, 0];
  for (;;) {
    const entries = outbox.since(after, BATCH);
    for (const entry of entries) {
      after = entry.id;
      try {
        const { written: isNew } = await publishOutboxEntry(
          entry,
          outbox,
          office,
          new Date(clock.now()),
        );
        if (isNew) written++;
        else present++;
        if (!entry.published) outbox.markPublished(entry.id);
      } catch (error) {
        if (error instanceof OfficeError && error.failure === 'unreachable') throw error;
        refused++;
      }
    }
    if (entries.length < BATCH) return { written, present, refused };
  }
}

const entries = (n: number): string => `${n} entr${n === 1 ? 'y' : 'ies'}`;

export async function officeRepublishCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { office: OFFICE_FLAGS.office, db: { type: 'string' } },
  });
  const url = officeUrl(values.office, io);
  if (url === null) throw new UsageError(`office republish needs --office URL or ${OFFICE_ENV}.`);
  const file = values.db ?? defaultDbFile(io.env);
  if (!existsSync(file)) throw new UsageError(`No queue at ${file} (give it with --db FILE).`);
  const store = openStore(file);
  // It marks entries published: one writer per queue, so a window or watch on it refuses this.
  try {
    store.claim({ label: 'meter-desk office republish' });
  } catch (error) {
    store.close();
    throw error;
  }
  const outbox = officeOutboxOf(store.db, systemClock);
  const desk = outbox.desk()?.desk ?? defaultDeskName();
  const office = openOfficeStore(url, { desk, max: 1, routeOf: deskMeterRoute(store) });
  const where = redactOfficeUrl(url);
  try {
    await office.checkSchema();
    // Every route, confirmed or not: the restored office may have lost any of them.
    const { routes } = await publishDesk(store, office, desk, new Date(systemClock.now()), 'all');
    const done = await republishOutbox(outbox, office, systemClock);
    const total = done.written + done.present + done.refused;
    io.out(
      `Office ${where}: ${entries(total)} of this desk's outbox published again: ` +
        `${done.written} written anew, ${done.present} there already` +
        `${done.refused > 0 ? `, ${done.refused} refused by the office` : ''}; ` +
        `${routes} route${routes === 1 ? '' : 's'} up to date.\n`,
    );
    // What the outbox no longer holds cannot be sent again: say from when it can (issue 30).
    const pruned = outboxPruned(store.settings);
    if (pruned !== null) {
      const days = outboxKeepDays(store.settings);
      io.out(
        `This desk keeps published entries ${days} day${days === 1 ? '' : 's'}: ` +
          `${entries(pruned.entries)} published before ${pruned.before.slice(0, 10)} ` +
          `${pruned.entries === 1 ? 'was' : 'were'} pruned and not sent again.\n`,
      );
    }
    return done.refused > 0 ? EXIT.error : EXIT.ok;
  } catch (error) {
    const { line, code } = officeFailure(error, url);
    io.err(`${line}\n`);
    return code;
  } finally {
    await office.close();
    store.close();
  }
}
