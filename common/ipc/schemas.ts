// Request schemas shared by several channels. Every object is strict (an unknown key, including
// __proto__ or constructor, is refused) and every string, number and array is bounded.
import { z } from 'zod';
import { BUSINESS_CODE } from '../settings';
import { JOB_FILTERS, JOB_SORT_KEYS, type JobQuery } from '../job-query';
import {
  MAX_BUSINESS_CHARS,
  MAX_CONCURRENCY,
  MAX_IDS_PER_CALL,
  MAX_KEPT_ROWS,
  MAX_JOB_ID,
  MAX_OFFSET,
  MAX_PAGE_ROWS,
  MAX_PATH_CHARS,
  MAX_SEARCH_CHARS,
} from './limits';

/** POSIX /..., Windows C:\... or C:/..., UNC \\server\...; no NUL (it truncates paths in C). */
const ABSOLUTE_PATH = /^(?:\/|[A-Za-z]:[\\/]|\\\\[^\\/])[^\0]*$/;

export const absolutePath = z
  .string()
  .min(1)
  .max(MAX_PATH_CHARS)
  .regex(ABSOLUTE_PATH, 'must be an absolute path');

export const jobId = z.int().min(1).max(MAX_JOB_ID);

export const jobIds = z.array(jobId).min(1).max(MAX_IDS_PER_CALL);

/**
 * A corrected reading as stored: digits, optionally a dot and decimals, within the widest register
 * a route sheet may set up (a person types it by common/billing/reading-input.ts).
 */
const STORED_READING = /^\d{1,12}(\.\d{1,4})?$/;
export const reading = z
  .string()
  .max(17)
  .regex(STORED_READING, 'must look like 12345 or 12345.678');

/** When a review was made, as the store writes it (ISO 8601, UTC). */
export const reviewTime = z.iso.datetime();

/** The review state of a reading: none yet, confirmed as the AI read it, or corrected. */
export const reviewState = z.union([
  z.strictObject({ action: z.null(), reading: z.null(), reviewedAt: z.null() }),
  z.strictObject({ action: z.literal('accepted'), reading: z.null(), reviewedAt: reviewTime }),
  z.strictObject({ action: z.literal('corrected'), reading, reviewedAt: reviewTime }),
]);
export type ReviewState = z.infer<typeof reviewState>;

/** A review that was made (not "none"). */
export const madeReview = z.union([reviewState.options[1], reviewState.options[2]]);
export type MadeReview = z.infer<typeof madeReview>;

/** Which jobs: the table's filters, a route (root folder), a file-name search. */
export const jobSelection = z.strictObject({
  filter: z.enum(JOB_FILTERS).optional(),
  rootId: jobId.optional(),
  search: z.string().max(MAX_SEARCH_CHARS).optional(),
});

/** What to export and how: the CSV's byte-order mark and its delimiter. */
export const exportRequest = z.strictObject({
  selection: jobSelection,
  bom: z.boolean(),
  delimiter: z.enum([',', ';']),
});

export const jobQuery = z.strictObject({
  ...jobSelection.shape,
  keepIds: z.array(jobId).max(MAX_KEPT_ROWS).optional(),
  sort: z.enum(JOB_SORT_KEYS).optional(),
  descending: z.boolean().optional(),
  offset: z.int().min(0).max(MAX_OFFSET).optional(),
  limit: z.int().min(1).max(MAX_PAGE_ROWS).optional(),
}) satisfies z.ZodType<JobQuery>;

export const business = z
  .string()
  .min(1)
  .max(MAX_BUSINESS_CHARS)
  .regex(BUSINESS_CODE, 'letters, digits and _ . : - only');

export const maxConcurrency = z.int().min(1).max(MAX_CONCURRENCY);

export const batchMode = z.enum(['auto', 'always', 'never']);

export const empty = z.strictObject({});
