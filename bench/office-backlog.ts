// A desk's outbox backlog into the office (issue 30, item 7: a 5,000-entry backlog in under 10 s on
// a local server): the same entries published one transaction each (the publisher before) and in
// batches of 50 (OutboxPublisher now), by two desks into one throwaway local PostgreSQL. Prints seconds and entries a second. Run alone with
// `npx tsx bench/office-backlog.ts [--quick]`. Needs PostgreSQL installed.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { OutboxPublisher, publishOutboxEntry } from '../main/office/outbox-publisher';
import { openOfficeStore } from '../main/office/store/office-store';
import { officeOutboxOf, writeWithOutboxEntry } from '../main/store/office-outbox';
import { openStore } from '../main/store/store';
import { systemClock } from '../main/time/clock';
import type { BenchOptions } from './benchmark';
import { loadNow, machineInfo } from './lib/machine';
import { officeBenchmark } from './lib/office-bench';
import { withMigratedCluster } from './lib/office-cluster';
import { runAloneIfMain } from './lib/run-alone';
import type { BenchTable } from './lib/table';

interface Drain {
  how: 'one transaction each' | 'batches of 50';
  entries: number;
  seconds: number;
}

interface BacklogReport {
  machine: ReturnType<typeof machineInfo>;
  loadAfter: number;
  drains: Drain[];
}

async function runBacklog(options: BenchOptions): Promise<BacklogReport> {
  const entries = options.quick ? 1_000 : 5_000;
  const machine = machineInfo();
  const drains = await withMigratedCluster('meterdesk-backlog-', async (cluster, dir) => {
    const out: Drain[] = [];
    for (const how of ['one transaction each', 'batches of 50'] as const) {
      const store = openStore(join(dir, `${how.replaceAll(' ', '-')}.sqlite`));
      const outbox = officeOutboxOf(store.db, systemClock);
      // A desk of its own per way, so neither finds the other's keys published already.
      const desk = how === 'batches of 50' ? 'ben@pc2' : 'anna@pc1';
      outbox.publishAs({ desk, clerk: desk.split('@')[0] ?? desk });
      for (let i = 0; i < entries; i++) {
        writeWithOutboxEntry(
          store.db,
          systemClock,
          () => true,
          () => ({ kind: 'skip', meterNumber: `M${String(i)}`, skipCode: 'no_access', note: null }),
        );
      }
      const office = openOfficeStore(cluster.url(), { desk });
      const started = performance.now();
      if (how === 'batches of 50') {
        await new OutboxPublisher({ outbox, office, clock: systemClock }).drain();
      } else {
        for (let due = outbox.due(50); due.length > 0; due = outbox.due(50)) {
          for (const entry of due) {
            await publishOutboxEntry(entry, outbox, office, new Date());
            outbox.markPublished(entry.id);
          }
        }
      }
      const seconds = (performance.now() - started) / 1000;
      if (outbox.counts().published !== entries) throw new Error(`${how}: not all published`);
      out.push({ how, entries, seconds });
      options.log(`${how}: ${String(entries)} entries in ${seconds.toFixed(2)} s`);
      await office.close();
      store.close();
    }
    return out;
  });
  return { machine, loadAfter: loadNow(), drains };
}

function backlogTable(r: BacklogReport): BenchTable {
  return {
    title: 'Office: an outbox backlog drained (bench/office-backlog.ts)',
    columns: ['publishing', 'entries', 'seconds', 'entries/s'],
    rows: r.drains.map((d) => [d.how, d.entries, d.seconds, Math.round(d.entries / d.seconds)]),
    notes: [
      "A desk's skip decisions, published into a local PostgreSQL as the desk publishes them (one desk per way).",
      'Target (issue 30): a 5,000-entry backlog in under 10 s on a local server.',
      `Load average ${r.machine.loadAtStart.toFixed(2)} before, ${r.loadAfter.toFixed(2)} after.`,
    ],
  };
}

export const officeBacklogBenchmark = officeBenchmark(
  'office-backlog',
  "a desk's outbox backlog drained into the office, one transaction each against batches",
  runBacklog,
  backlogTable,
);

runAloneIfMain(officeBacklogBenchmark, import.meta.url);
