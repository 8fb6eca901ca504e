// Why the engine is not running although a service is set up (ServiceView.problem): a code the
// window words; its English is in common/engine-messages.ts (logText).
import { hostname } from 'node:os';
import { logMessage, type LogMessage } from '../../common/engine-messages';
import type { QueueInUseError } from '../store/queue-owner';

/** An error's message, or the thrown value as text. */
export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function queueInUse(error: QueueInUseError): LogMessage {
  const { label, pid, host, startedAt } = error.owner;
  return logMessage('queueInUse', {
    owner: label,
    pid,
    host: host === hostname() ? '' : host,
    since: startedAt,
  });
}

export function engineNotStarted(error: unknown): LogMessage {
  const detail = describe(error);
  return logMessage('engineNotStarted', { detail });
}

export function sandboxNotStarted(error: unknown): LogMessage {
  const detail = describe(error);
  return logMessage('sandboxNotStarted', { detail });
}

export function keyUnreadable(error: unknown): LogMessage {
  const detail = describe(error);
  return logMessage('keyUnreadable', { detail });
}

export function keyMissing(baseUrl: string): LogMessage {
  return logMessage('keyMissing', { service: baseUrl });
}
