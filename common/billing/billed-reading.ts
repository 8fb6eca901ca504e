// The one rule for which reading goes on the bill. Its SQL twin, for sorting the queue by the
// billed reading, is BILLED_READING_SQL in main/store/billed-reading-sql.ts;
// test/billing/billed-reading.test.ts holds the two equal on a real SQLite file.

/** The fields of a photo the billed reading is decided from. */
export interface ReadingFields {
  /** What the AI read (the service's final_reading). */
  readonly aiReading: string | null;
  readonly reviewAction: 'accepted' | 'corrected' | null;
  readonly reviewedReading: string | null;
}

/**
 * The reading that goes on the bill: the clerk's correction when there is one, else what the AI
 * read. A correction stored without a reading (a row written by an older build, or damaged)
 * bills the AI's reading rather than nothing.
 */
export function billedReading(photo: ReadingFields): string | null {
  return photo.reviewAction === 'corrected' && photo.reviewedReading !== null
    ? photo.reviewedReading
    : photo.aiReading;
}
