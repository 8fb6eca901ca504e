import type { z } from 'zod';
import type { CallTable } from '../../common/ipc/bridge';

const MAX_MESSAGE_CHARS = 400;
const MAX_ISSUE_CHARS = 120;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Where and what, never the offending value: it may be huge or hold a pasted secret. */
function describeIssues(name: string, issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const where = issue.path.map(String).join('.') || 'request';
    return clip(`${where}: ${issue.message}`, MAX_ISSUE_CHARS);
  });
  const more = issues.length > 5 ? ` (+${String(issues.length - 5)} more)` : '';
  return clip(`Invalid ${name} request: ${parts.join('; ')}${more}`, MAX_MESSAGE_CHARS);
}

export type Validated =
  | { readonly ok: true; readonly request: unknown }
  | { readonly ok: false; readonly message: string };

/**
 * Checks a request against its call's schema in `table`; the parsed copy keeps only known keys.
 * A name the table does not have is refused like a bad payload.
 */
export function validateRequest(table: CallTable, name: string, payload: unknown): Validated {
  const spec = Object.hasOwn(table, name) ? table[name] : undefined;
  if (!spec) return { ok: false, message: `Unknown call: ${clip(name, 60)}.` };
  const parsed = spec.request.safeParse(payload);
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, message: describeIssues(name, parsed.error.issues) };
}
