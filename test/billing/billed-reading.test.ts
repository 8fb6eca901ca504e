// The billed reading is one rule (common/billing/billed-reading.ts) with one SQL twin
// (main/store/billed-reading-sql.ts); every place that bills or shows it reads the rule.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { billedReading, type ReadingFields } from '../../common/billing/billed-reading';
import { meterOutcome, type MeterPhoto } from '../../common/billing/meter-outcome';
import { toExportRecord } from '../../main/export/export-jobs';
import { BILLED_READING_TEXT_SQL } from '../../main/store/billed-reading-sql';
import { openDatabase } from '../../main/store/db';
import { tempDir } from '../helpers/tmp';
import { doneJob } from '../renderer/stub-bridge';

const AI = [null, '-', '00123.400'] as const;
const ACTIONS = [null, 'accepted', 'corrected'] as const;
const REVIEWED = [null, '00124.5'] as const;

/** Every combination of what the AI read and what a person did. */
const CASES: ReadingFields[] = AI.flatMap((aiReading) =>
  ACTIONS.flatMap((reviewAction) =>
    REVIEWED.map((reviewedReading) => ({ aiReading, reviewAction, reviewedReading })),
  ),
);

let cleanup = (): void => undefined;
afterEach(() => {
  cleanup();
});

describe('the billed reading', () => {
  it("bills the correction, else the AI's reading, also for a correction stored without one", () => {
    const ai = '00123.400';
    expect(billedReading({ aiReading: ai, reviewAction: 'corrected', reviewedReading: '1' })).toBe(
      '1',
    );
    expect(billedReading({ aiReading: ai, reviewAction: 'accepted', reviewedReading: '1' })).toBe(
      ai,
    );
    expect(billedReading({ aiReading: ai, reviewAction: 'corrected', reviewedReading: null })).toBe(
      ai,
    );
  });

  it('is the same in SQL as in TypeScript, on a real SQLite file', () => {
    const tmp = tempDir('meterdesk-billed-');
    cleanup = tmp.cleanup;
    const db = openDatabase(path.join(tmp.dir, 'q.sqlite'));
    try {
      // The queue's own columns, in a table of their own: the expression names no table.
      db.exec(`CREATE TEMP TABLE cases (id INTEGER PRIMARY KEY, final_reading TEXT,
                 review_action TEXT, reviewed_reading TEXT)`);
      const insert = db.prepare(
        'INSERT INTO cases (id, final_reading, review_action, reviewed_reading) VALUES (?, ?, ?, ?)',
      );
      CASES.forEach((c, i) => insert.run(i, c.aiReading, c.reviewAction, c.reviewedReading));
      const rows = db
        .prepare<[], { billed: string | null }>(
          `SELECT ${BILLED_READING_TEXT_SQL} AS billed FROM cases ORDER BY id`,
        )
        .all();
      expect(rows.map((r) => r.billed)).toEqual(CASES.map(billedReading));
    } finally {
      db.close();
    }
  });

  it('is what the CSV export and the meter outcome bill', () => {
    for (const c of CASES) {
      const job = doneJob(1, '', c);
      expect(toExportRecord(job, undefined).billedReading).toBe(billedReading(c));
      const photo: MeterPhoto = {
        jobId: 1,
        state: 'done',
        sha256: null,
        relPath: 'a.jpg',
        ...c,
        plausibility: 'ok',
        check: null,
        toReview: false,
        readAt: null,
        taskId: null,
      };
      const entry = { skipCode: null, skipNote: null, typedReading: null, typedAt: null };
      expect(meterOutcome(entry, [photo]).reading).toBe(billedReading(c));
    }
  });
});
