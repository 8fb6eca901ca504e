// How long each kind of call may take before its caller stops waiting and answers `timeout`.
// A deadline is the longest a working MeterDesk takes, with room for a loaded two-core machine: a
// timeout then means that the other process is stuck, not that it is slow, and nobody waits forever.
// Each call in the contracts names one of these (contract.ts, backend-contract.ts).
import { replyText } from '../reply-english';
import { replyMessage, type ReplyMessage } from '../reply-messages';

export const DEADLINES = {
  /**
   * Everything else: reads and small changes of the queue answer in milliseconds, even on 100,000
   * rows while a scan runs (docs/architecture.md measured 67–187 ms), and a call that queued behind
   * a settings change waits for it too.
   */
  call: 30_000,
  /**
   * Calls that restart the engine or ask the service: stopping the engine waits for its start-up
   * requests (their HTTP timeouts), the connection check for two requests, the sandbox for its
   * sample photos.
   */
  service: 2 * 60_000,
  /**
   * Adding folders and writing an export: a scan reads every file, and 40,000 photos on a network
   * share take many minutes.
   */
  bulk: 30 * 60_000,
  /** OS services that may wait for the person (macOS asks before safeStorage uses the keychain). */
  person: 5 * 60_000,
  /** Closing the backend: the engine stops and the queue closes; then its process is ended. */
  close: 10_000,
} as const;

/** What a caller that stopped waiting answers, in words the window shows as they are. */
export function timeoutMessage(who: string, what: string, ms: number): string {
  return replyText(timeoutSaid(who, what, ms));
}

/** The same as the code the window words (IpcError.said). */
export function timeoutSaid(who: string, what: string, ms: number): ReplyMessage {
  return replyMessage('noAnswer', { who, call: what, seconds: Math.round(ms / 1000) });
}
