// A photo's review between clerks in the window (issue 23, item 4), through the contract into two
// real backends on one real throwaway PostgreSQL: Anna and Ben each have a photo of the same
// meter; Anna confirms hers, Ben (who saw the meter before that) corrects his and is refused with
// who and what, nothing written at his desk, nothing in his outbox; after he reads the meter again
// his correction goes through. With the office gone, his undo is written at his desk and
// published once when the office is back.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../common/job-record';
import { openDatabaseToRead } from '../../main/store/db';
import { renderMeterPhoto } from '../../sandbox/samples';
import { createManualClock } from '../helpers/manual-clock';
import { reviewedJob } from '../helpers/review-answer';
import { until, value, type Desktop } from '../ipc/helpers/desktop';
import { ANNA_PASSWORD } from './anna-office';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { annaAndBen, BEN_PASSWORD, deskOf, METERS } from './window-desks';

const office = useOfficeCluster({ halts: true });
const METER = METERS[2] ?? '';

/** A photo of the meter, read at this desk and matched to the meter. */
async function photoOfMeter(desk: Desktop, reading: string, seed: number): Promise<JobRecord> {
  const b = desk.bridge;
  const dir = join(desk.dir, 'photos');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `meter-${String(seed)}.jpg`);
  writeFileSync(path, await renderMeterPhoto({ reading, format: 'jpeg', width: 480, seed }));
  value(await b.addPaths({ paths: [path] }));
  const done = await until(async () => {
    const rows = value(await b.queryJobs({ filter: 'done', limit: 100 })).rows;
    return rows.find((j) => j.path === path);
  }, `the photo read at ${desk.dir}`);
  expect(value(await b.assignMeter({ jobId: done.id, meterId: METER })).meterId).toBe(METER);
  return done;
}

/** The decisions in a desk's office outbox (published or not), from its queue file. */
function outboxDecisions(desk: Desktop): number {
  const find = (dir: string): string | null => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isFile() && e.name === 'sandbox-queue.sqlite') return path;
      const inner = e.isDirectory() ? find(path) : null;
      if (inner) return inner;
    }
    return null;
  };
  const file = find(desk.dir);
  if (!file) throw new Error(`no queue under ${desk.dir}`);
  const db = openDatabaseToRead(file);
  try {
    const row = db
      .prepare<[], { n: number }>(`SELECT count(*) AS n FROM office_outbox WHERE kind = 'decision'`)
      .get();
    return row?.n ?? 0;
  } finally {
    db.close();
  }
}

describe.skipIf(officeSkip !== null)("a photo's review between clerks in the window", () => {
  it('refuses a correction over another clerk’s confirm, then takes it; an undo waits for the office', async () => {
    const cluster = office();
    const start = Date.now();
    const { anna, ben } = await annaAndBen(cluster, new Date(start));
    const a = await deskOf(anna, ANNA_PASSWORD, createManualClock(start));
    const b = await deskOf(ben, BEN_PASSWORD, createManualClock(start));
    const admin = cluster.adminOn(anna.database);
    const decisions = async (): Promise<{ desk: string; kind: string }[]> =>
      (
        await admin.query<{ desk: string; kind: string }>(
          `SELECT desk, kind FROM decisions WHERE meter_number = $1 ORDER BY id`,
          [METER],
        )
      ).rows;
    let open = true;
    try {
      const annaPhoto = await photoOfMeter(a, '00120', 7101);
      const benPhoto = await photoOfMeter(b, '00130', 7102);
      const show = async (desk: Desktop): Promise<number> => {
        const seen = value(await desk.bridge.officeShowMeter({ meterId: METER }));
        if (seen.state !== 'shown') throw new Error(`the meter is ${seen.state}`);
        return seen.version;
      };
      const annaSaw = await show(a);
      const benSaw = await show(b);
      expect(benSaw).toBe(annaSaw);

      // Anna confirms her photo's reading; Ben, on the version he saw before, corrects his.
      const confirmed = value(
        await a.bridge.review({ id: annaPhoto.id, action: 'accept', officeVersion: annaSaw }),
      );
      expect(reviewedJob(confirmed).reviewAction).toBe('accepted');
      const correct = (officeVersion: number) =>
        b.bridge.review({ id: benPhoto.id, action: 'correct', reading: '00131', officeVersion });
      expect(value(await correct(benSaw))).toMatchObject({
        done: false,
        changedBy: { clerk: 'anna', desk: 'anna@pc-7', kind: 'confirm' },
      });
      // Nothing written at Ben's desk, nothing in his outbox for the office.
      const untouched = value(await b.bridge.jobDetail({ id: benPhoto.id })).job;
      expect(untouched.reviewAction).toBeNull();
      expect(outboxDecisions(b)).toBe(0);
      expect(await decisions()).toEqual([{ desk: 'anna@pc-7', kind: 'confirm' }]);
      // The office knows which photo Anna confirmed, as it would from her outbox.
      const photo = await admin.query(`SELECT sha256 FROM decisions WHERE kind = 'confirm'`);
      expect(photo.rows).toEqual([{ sha256: annaPhoto.sha256 }]);

      // Ben reads the meter again (he now sees Anna's confirm): his correction is made.
      const benNow = await show(b);
      expect(benNow).toBeGreaterThan(benSaw);
      const corrected = reviewedJob(value(await correct(benNow)));
      expect(corrected).toMatchObject({ reviewAction: 'corrected', reviewedReading: '00131' });
      expect(outboxDecisions(b)).toBe(1);

      // A meter's undo is checked the same way: Ben typed a reading for the second meter, Anna
      // skipped it since; his undo on the version he saw is refused, his decision stays.
      const other = METERS[1] ?? '';
      const seenOther = async (desk: Desktop): Promise<number> => {
        const seen = value(await desk.bridge.officeShowMeter({ meterId: other }));
        if (seen.state !== 'shown') throw new Error(`the meter is ${seen.state}`);
        return seen.version;
      };
      const typed = { kind: 'typed', reading: '00140' } as const;
      const benOther = await seenOther(b);
      const benTyped = { meterId: other, decision: typed, officeVersion: benOther };
      expect(value(await b.bridge.decideMeter(benTyped)).done).toBe(true);
      const skip = { kind: 'skip', code: 'no_access' } as const;
      const annaOther = { meterId: other, decision: skip, officeVersion: await seenOther(a) };
      expect(value(await a.bridge.decideMeter(annaOther)).done).toBe(true);
      const benTypedAt = (await seenOther(b)) - 1;
      expect(
        value(await b.bridge.undoMeterDecision({ meterId: other, officeVersion: benTypedAt })),
      ).toMatchObject({ done: false, changedBy: { desk: 'anna@pc-7', kind: 'skip' } });
      // His undo is not written; his queue follows the office: Anna's skip, named by her desk.
      const bensOther = async () => value(await b.bridge.meterDetail({ meterId: other })).decision;
      await until(async () => (await bensOther())?.desk === 'anna@pc-7', "Anna's skip at Ben's");
      expect(await bensOther()).toMatchObject({ decision: { kind: 'skip' } });

      // The office goes away: Ben's undo is written at his desk (queued), and published once
      // when the office is back.
      await cluster.cluster.halt();
      try {
        const undone = value(
          await b.bridge.undoReview({
            id: benPhoto.id,
            undo: { action: 'corrected', reading: '00131', reviewedAt: corrected.reviewedAt ?? '' },
            restore: { action: null, reading: null, reviewedAt: null },
            officeVersion: benNow,
          }),
        );
        expect(reviewedJob(undone).reviewAction).toBeNull();
      } finally {
        await cluster.cluster.resume();
      }
      await until(
        async () => (await decisions()).some((d) => d.kind === 'undo'),
        'Ben’s undo in the office',
        60_000,
      );

      // Both windows close, draining their outboxes with the same keys: each decision once.
      await a.close();
      await b.close();
      open = false;
      expect(await decisions()).toEqual([
        { desk: 'anna@pc-7', kind: 'confirm' },
        { desk: 'ben@pc-2', kind: 'correct' },
        { desk: 'ben@pc-2', kind: 'undo' },
      ]);
    } finally {
      if (open) {
        await a.close();
        await b.close();
      }
    }
  }, 120_000);
});
