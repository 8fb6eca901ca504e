// Why the engine is not running although a service is set up (ServiceView.problem): a code the
// window words, with its English from common/engine-messages.ts for the log.
import { hostname } from 'node:os';
import { codedLine, type LogEntry } from '../../common/engine-messages';
import type { QueueInUseError } from '../store/queue-owner';

/** An error's message, or the thrown value as text. */
export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function queueInUse(error: QueueInUseError): LogEntry {
  const { label, pid, host, startedAt } = error.owner;
  return codedLine('queueInUse', {
    owner: label,
    pid,
    host: host === hostname() ? '' : host,
    since: startedAt,
  });
}

export function engineNotStarted(error: unknown): LogEntry {
  const detail = describe(error);
  return codedLine('engineNotStarted', { detail });
}

export function sandboxNotStarted(error: unknown): LogEntry {
  const detail = describe(error);
  return codedLine('sandboxNotStarted', { detail });
}

export function keyUnreadable(error: unknown): LogEntry {
  const detail = describe(error);
  return codedLine('keyUnreadable', { detail });
}

export function keyMissing(baseUrl: string): LogEntry {
  return codedLine('keyMissing', { service: baseUrl });
}
