// Why the engine is not running although a service is set up (ServiceView.problem): the English
// sentence for logs and older windows, with the code the window words it by.
import { hostname } from 'node:os';
import { codedLine, type LogEntry } from '../../common/engine-messages';
import type { QueueInUseError } from '../store/queue-owner';

/** An error's message, or the thrown value as text. */
export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function queueInUse(error: QueueInUseError): LogEntry {
  const { label, pid, host } = error.owner;
  return codedLine(
    `${error.message} MeterDesk carries on by itself once it is free.`,
    'queueInUse',
    { owner: label, pid, host: host === hostname() ? '' : host },
  );
}

export function engineNotStarted(error: unknown): LogEntry {
  const detail = describe(error);
  return codedLine(`The engine could not start: ${detail}`, 'engineNotStarted', { detail });
}

export function sandboxNotStarted(error: unknown): LogEntry {
  const detail = describe(error);
  return codedLine(`The built-in sandbox could not start: ${detail}`, 'sandboxNotStarted', {
    detail,
  });
}

export function keyUnreadable(error: unknown): LogEntry {
  const detail = describe(error);
  return codedLine(`The API key could not be read: ${detail}`, 'keyUnreadable', { detail });
}

export function keyMissing(baseUrl: string): LogEntry {
  return codedLine(`No API key is stored for ${baseUrl}. Enter it in Settings.`, 'keyMissing', {
    service: baseUrl,
  });
}
