import { parsePhotoCodes, type PhotoCode } from '../../common/photo-codes';
import type { JobsContext } from './jobs-context';
import { officeOutboxOf } from './office-outbox';

/** A checked photo whose codes are to be read. */
export interface UnreadPhoto {
  readonly id: number;
  readonly path: string;
}

/**
 * The codes read on each photo (issue 25): read after the quality check, beside the uploads, so
 * a photo never waits for them; kept per photo for the meter check and the exports.
 */
export function jobPhotoCodes({ db, clock, now: stamp }: JobsContext) {
  const s = {
    unread: db.prepare<[number], UnreadPhoto>(
      `SELECT id, path FROM jobs INDEXED BY jobs_codes_unread
        WHERE photo_codes IS NULL AND photo_check IS NOT NULL ORDER BY id LIMIT ?`,
    ),
    toRead: db.prepare<[], { n: number }>(
      `SELECT (SELECT count(*) FROM jobs INDEXED BY jobs_codes_unread
                WHERE photo_codes IS NULL AND photo_check IS NOT NULL)
            + (SELECT count(*) FROM jobs INDEXED BY jobs_unchecked
                WHERE state = 'queued' AND photo_check IS NULL) AS n`,
    ),
    record: db.prepare<[string, string, number]>(
      `UPDATE jobs SET photo_codes = ?, updated_at = ? WHERE id = ? AND photo_codes IS NULL`,
    ),
    withCodes: db.prepare<[], { id: number }>(
      `SELECT id FROM jobs WHERE photo_codes IS NOT NULL AND photo_codes NOT IN ('', '[]')`,
    ),
    codes: db.prepare<[number], { codes: string | null }>(
      `SELECT photo_codes AS codes FROM jobs WHERE id = ?`,
    ),
  };

  return {
    /** Checked photos whose codes are not read yet, oldest first. */
    unreadCodePhotos(limit: number): UnreadPhoto[] {
      return s.unread.all(limit);
    },

    /** How many photos wait for their codes to be read: checked ones, and queued ones to check. */
    codesToRead(): number {
      return s.toRead.get()?.n ?? 0;
    },

    /**
     * Keeps the codes read on a photo ([] when none); false when they were kept already. A photo
     * whose reading this desk published already has its codes kept for the office too, in the
     * same transaction (office-outbox.ts addCodes).
     */
    recordCodes(id: number, codes: readonly PhotoCode[]): boolean {
      return db.transaction(() => {
        if (s.record.run(JSON.stringify(codes), stamp(), id).changes !== 1) return false;
        officeOutboxOf(db, clock).addCodes(id, codes);
        return true;
      })();
    },

    /** The photos a code was read on: one pass instead of a look per photo for a whole route. */
    photosWithCodes(): Set<number> {
      return new Set(s.withCodes.all().map((r) => r.id));
    },

    /** The codes read on a photo; [] when none were read (or not yet). */
    photoCodes(id: number): PhotoCode[] {
      return parsePhotoCodes(s.codes.get(id)?.codes ?? null);
    },
  };
}

export type JobPhotoCodes = ReturnType<typeof jobPhotoCodes>;
