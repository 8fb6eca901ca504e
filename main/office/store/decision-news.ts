// The office's decisions a desk has not taken yet (issue 30, items 4 and 8), in the office's order:
// every decision made at another desk above the desk's mark, less those it took already. A
// decision whose transaction commits after a later one's leaves a gap below the mark for a moment,
// so the read looks back LOOKBACK_IDS below it (gaps from refused or repeated inserts stay gaps).
// A photo's decision comes with the photo's review as the office holds it after that decision,
// the one undo rule applied (office-meter-row.ts's stack: an undo takes the newest review back).
import type { OfficeDecisionNews, OfficePhotoReview } from '../../../common/office-decision-news';
import { OFFICE_DECISION_KINDS } from '../../../common/ipc/office-review-views';
import type { Queryable } from './office-db';

/** How far below its mark a desk looks for a decision committed late (office ids). */
export const LOOKBACK_IDS = 1_000;

/** At most this many decisions a read; the desk reads again while a read comes back full. */
export const NEWS_PAGE = 500;

interface NewsRow {
  officeId: string;
  kind: string;
  desk: string;
  clerk: string;
  sha256: string | null;
  meterNumber: string | null;
  reading: string | null;
  skipCode: string | null;
  note: string | null;
  decidedAt: Date;
  photoHistory: { kind: string; reading: string | null }[] | null;
}

const NEWS = `
  SELECT d.id AS "officeId", d.kind, d.desk, d.clerk, d.sha256,
         COALESCE(m.meter_number, d.meter_number) AS "meterNumber", d.reading,
         d.skip_code AS "skipCode", d.note, d.decided_at AS "decidedAt",
         CASE WHEN d.sha256 IS NOT NULL THEN
           (SELECT json_agg(json_build_object('kind', p.kind, 'reading', p.reading) ORDER BY p.id)
              FROM decisions p WHERE p.sha256 = d.sha256 AND p.id <= d.id)
         END AS "photoHistory"
    FROM decisions d LEFT JOIN meters m ON m.id = d.meter_id
   WHERE d.id > $1 AND NOT (d.desk = $2 AND (d.queue IS NULL OR d.queue = $5))
     AND NOT (d.id = ANY($3::bigint[]))
   ORDER BY d.id LIMIT $4`;

/** The photo's review after its decisions so far (oldest first); null: none stands. */
export function photoReviewAfter(
  history: readonly { kind: string; reading: string | null }[],
): OfficePhotoReview | null {
  const stack: OfficePhotoReview[] = [];
  for (const d of history) {
    if (d.kind === 'undo') stack.pop();
    else if (d.kind === 'confirm') stack.push({ action: 'accepted', reading: null });
    else if (d.kind === 'correct') stack.push({ action: 'corrected', reading: d.reading });
  }
  return stack.at(-1) ?? null;
}

/**
 * Decisions made elsewhere than queue `queue` of desk `desk` (another desk, or another queue
 * under this desk's name: issue 30, item 6) with an office id above `after`, except `taken`,
 * oldest first, at most NEWS_PAGE of them. A decision of this desk's name that names no queue
 * (published before queues were named) counts as this queue's own, as it did before.
 */
export async function decisionNews(
  db: Queryable,
  q: { after: number; desk: string; queue: string; taken: readonly number[] },
): Promise<OfficeDecisionNews[]> {
  const { rows } = await db.query<NewsRow>(NEWS, [q.after, q.desk, q.taken, NEWS_PAGE, q.queue]);
  return rows.flatMap((r) => {
    const kind = OFFICE_DECISION_KINDS.find((k) => k === r.kind);
    if (kind === undefined) return [];
    return [
      {
        officeId: Number(r.officeId),
        kind,
        desk: r.desk,
        clerk: r.clerk,
        sha256: r.sha256,
        meterNumber: r.meterNumber,
        reading: r.reading,
        skipCode: r.skipCode,
        note: r.note,
        decidedAt: r.decidedAt.toISOString(),
        photoReview: r.photoHistory === null ? null : photoReviewAfter(r.photoHistory),
      },
    ];
  });
}
