// Request schemas of the billing channels. Column mappings and export templates travel as the
// JSON text of their files, so the window, the CLI and a file from the office's IT all pass the
// same strict validators (common/billing/column-mapping.ts, export-template.ts).
import { z } from 'zod';
import { SKIP_CODES } from '../billing/billing-row';
import { EXPORT_LANGUAGES } from '../billing/export-template';
import { BILLING_SCOPES } from '../billing/export-scope';
import { parseReadingInput, readingInputText, WIDEST_REGISTER } from '../billing/reading-input';
import { METER_FILTERS } from './billing-views';
import { MAX_OFFSET, MAX_PAGE_ROWS } from './limits';

/** Meter ids are at most 64 characters (route-sheet-limits.ts). */
export const meterId = z.string().min(1).max(64);

/** A mapping file is at most 16 KB; a template file at most 64 KB. */
export const mappingJson = z
  .string()
  .min(2)
  .max(16 * 1024);
export const templateJson = z
  .string()
  .min(2)
  .max(64 * 1024);

/**
 * A reading a person types, in review or by hand for a meter (common/billing/reading-input.ts):
 * either decimal mark, passed on with a dot. Held here to the widest register a sheet may set up;
 * the meter's own register is checked where the meter is known.
 */
export const typedReading = z
  .string()
  .max(64)
  .transform((text, ctx) => {
    const input = parseReadingInput(text, WIDEST_REGISTER);
    if (input.ok) return input.reading;
    ctx.addIssue({ code: 'custom', message: readingInputText(input.problem) });
    return z.NEVER;
  });

export const filePattern = z.string().max(400).nullable();

export const meterQuery = z.strictObject({
  filter: z.enum(METER_FILTERS),
  search: z.string().max(64).optional(),
  offset: z.int().min(0).max(MAX_OFFSET).optional(),
  limit: z.int().min(1).max(MAX_PAGE_ROWS).optional(),
});

export const skipRequest = z.strictObject({
  meterId,
  code: z.enum(SKIP_CODES),
  note: z.string().max(500).optional(),
});

/** "finished": confirmed and skipped meters only (the default); "all": every meter. */
export const billingScope = z.enum(BILLING_SCOPES);

export const billingExportRequest = z.strictObject({ templateJson, scope: billingScope });

export const billingPreviewRequest = z.strictObject({ scope: billingScope });

/** The field list (Export missing meters) in the window's language; English without one. */
export const fieldListRequest = z.strictObject({ language: z.enum(EXPORT_LANGUAGES).optional() });
