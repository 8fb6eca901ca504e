/**
 * The reading that will be billed, in SQL: the twin of billedReading() in
 * common/billing/billed-reading.ts (the clerk's correction when there is one, else the AI's
 * reading), column names as in the jobs table; test/billing/billed-reading.test.ts holds the two
 * equal.
 */
export const BILLED_READING_TEXT_SQL = `CASE WHEN review_action = 'corrected' AND reviewed_reading IS NOT NULL THEN reviewed_reading ELSE final_reading END`;

/**
 * The billed reading as a number. Readings are stored as text (leading zeros matter on the meter
 * face), so sorting the text put 00002.33 after 000009.662. Every sort names this one expression,
 * because the sort index only serves an ORDER BY that repeats it exactly. Migration 007 built the
 * index from its own frozen copy: changing the expression here needs a migration that builds the
 * index anew (the 007 test, which sorts by this one, fails until the two agree).
 */
export const BILLED_READING_SQL = `CAST(${BILLED_READING_TEXT_SQL} AS REAL)`;
