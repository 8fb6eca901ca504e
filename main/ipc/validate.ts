import type { z } from 'zod';
import type { ChannelName } from '../../common/ipc/channels';
import { CONTRACT } from '../../common/ipc/contract';
import type { ParsedRequestOf } from '../../common/ipc/bridge';

const MAX_MESSAGE_CHARS = 400;
const MAX_ISSUE_CHARS = 120;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Where and what, never the offending value: it may be huge or hold a pasted secret. */
function describeIssues(channel: ChannelName, issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const where = issue.path.map(String).join('.') || 'request';
    return clip(`${where}: ${issue.message}`, MAX_ISSUE_CHARS);
  });
  const more = issues.length > 5 ? ` (+${String(issues.length - 5)} more)` : '';
  return clip(`Invalid ${channel} request: ${parts.join('; ')}${more}`, MAX_MESSAGE_CHARS);
}

export type Validated<C extends ChannelName> =
  | { readonly ok: true; readonly request: ParsedRequestOf<C> }
  | { readonly ok: false; readonly message: string };

/** Checks a payload against its channel's schema; the parsed copy keeps only known keys. */
export function validateRequest<C extends ChannelName>(channel: C, payload: unknown): Validated<C> {
  const parsed = CONTRACT[channel].request.safeParse(payload);
  if (parsed.success) return { ok: true, request: parsed.data as ParsedRequestOf<C> };
  return { ok: false, message: describeIssues(channel, parsed.error.issues) };
}
