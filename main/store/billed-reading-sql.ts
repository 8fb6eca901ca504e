/**
 * The reading that will be billed, as a number, in SQL: the clerk's correction when there is one,
 * else the service's reading. Readings are stored as text (leading zeros matter on the meter face),
 * so sorting the text put 00002.33 after 000009.662. The expression is written once here because
 * the sort index (migration 007) only serves an ORDER BY that repeats it exactly.
 */
export const BILLED_READING_SQL = `CAST(CASE WHEN review_action = 'corrected' AND reviewed_reading IS NOT NULL THEN reviewed_reading ELSE final_reading END AS REAL)`;
