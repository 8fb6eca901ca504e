// What a desk publishes of a photo's reading, one definition for every path (as DeskDecision is for
// decisions, common/office-decision.ts): the queue's trigger writes it into the outbox as a job
// finishes (SQLite migrations 019, 021: no codes there), the outbox adds a photo's codes read after
// its reading went out, and the publisher parses both back with these schemas before the office
// stores them (main/office/store/publish.ts).
import { z } from 'zod';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** A code read on a photo (common/photo-codes.ts PhotoCode). */
export const deskPhotoCode = z.object({ format: z.string(), text: z.string() });

export const deskReading = z.object({
  sha256,
  /** The photo's path below the folder its desk added. */
  fileName: z.string(),
  /** 'finished', or 'failed' (the claim is given back). */
  status: z.string(),
  reading: z.string().nullable(),
  resultSource: z.string().nullable(),
  toReview: z.boolean(),
  taskId: z.string().nullable(),
  aiVersion: z.string().nullable(),
  readAt: z.string().nullable(),
  meterNumber: z.string().nullable(),
  /**
   * The codes read on the photo (issue 30: a serial naming another meter flags the reading, at the
   * office as at the desk); [] when none were found. Absent or null: not read yet when it was
   * published (the outbox sends them later, DeskPhotoCodes), or a desk of an older version.
   */
  codes: z.array(deskPhotoCode).nullable().optional(),
});

export type DeskReading = z.infer<typeof deskReading>;

/** What marks a photo's codes sent after its reading: kept as a 'reading' entry of the outbox. */
export const CODES_STATUS = 'codes';

/**
 * A photo's codes read after its reading was published: the office sets them on the desk's own
 * readings of the photo that have none, and links those that name no meter to the meter the desk
 * has the photo on now (a photo its name matched to none is matched by its code at the desk).
 */
export const deskPhotoCodes = z.object({
  status: z.literal(CODES_STATUS),
  sha256,
  codes: z.array(deskPhotoCode),
  /** Absent: the photo's meter at the desk when the entry is published. */
  meterNumber: z.string().nullable().optional(),
});

export type DeskPhotoCodes = z.infer<typeof deskPhotoCodes>;
