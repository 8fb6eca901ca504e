// What a desk publishes of a person's decision, one definition for every path (issue 30: the
// outbox, the publisher and the office-first edit each had their own): the outbox keeps it as JSON,
// the publisher parses it back with this schema, and the office stores its fields as they are.
import { z } from 'zod';
import { OFFICE_DECISION_KINDS } from './ipc/office-review-views';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const deskDecision = z.object({
  kind: z.enum(OFFICE_DECISION_KINDS),
  /** The person at the desk, for the audit trail. */
  clerk: z.string(),
  /** The photo decided on (a confirm or correct, or its undo); null for a meter-only decision. */
  sha256: sha256.nullable(),
  fileName: z.string().nullable(),
  meterNumber: z.string().nullable(),
  reading: z.string().nullable(),
  skipCode: z.string().nullable(),
  /**
   * Details as data, never a sentence: a skip's note as the clerk wrote it; JSON text for the
   * rest: an exchange's old final and new start, a re-read's reason and note, a typed reading's
   * read day and customer mark (`{"readAt":"2026-10-05","byCustomer":true}`), an estimate's read
   * day, days, consumption, average daily use and estimates in a row (its reading is `reading`),
   * as the deciding desk keeps them, so the office derives the row that desk derives.
   */
  note: z.string().nullable(),
  /** ISO time on the desk's clock. */
  decidedAt: z.string(),
});

export type DeskDecision = z.infer<typeof deskDecision>;
