// What every call across the bridge answers. Electron keeps only an Error's message when a handler
// throws, so nothing is thrown across it: the outcome is data the renderer switches on.
import type { Said } from '../reply-english';

/** Why a call failed; the renderer picks its wording and remedy by this code. */
export const IPC_ERROR_CODES = [
  /** The payload did not match the channel's schema, or named something the user never added. */
  'invalid_request',
  /** The call did not come from MeterDesk's own window and page. */
  'forbidden',
  /** The job, folder or file asked for does not exist (any more). */
  'not_found',
  /** No service is configured yet, or no API key is stored for it. */
  'not_configured',
  /** The service refused the API key (HTTP 401). */
  'key_rejected',
  /** The key lacks a scope, the account is inactive, or this IP is not allowed (HTTP 403). */
  'permission_denied',
  /** The service could not be reached (network, DNS, TLS, timeout). */
  'unreachable',
  /** The service address is not https:// (plain http only to this machine). */
  'not_https',
  /** The service address is not a usable URL. */
  'invalid_url',
  /** The service answered, but not as the API specification says. */
  'bad_response',
  /** Neither the OS keychain nor a real encrypted store is available for the API key. */
  'keychain_unavailable',
  /** A file or folder could not be read or written (export target, data folder). */
  'file_error',
  /** The desktop backend is starting, restarting or has stopped, or the service is busy. */
  'unavailable',
  /** The other process did not answer within the call's deadline (common/ipc/deadlines.ts). */
  'timeout',
  /** The machine policy IT set fixes this setting (main/config/policy.ts). */
  'locked_by_policy',
  /** Anything unexpected; the message carries no stack and no secret. */
  'internal',
] as const;
export type IpcErrorCode = (typeof IPC_ERROR_CODES)[number];

export interface IpcError {
  readonly code: IpcErrorCode;
  /**
   * A sentence a person can act on, in English (the log's words; the window's when there is no
   * `said`). Never holds an API key, a stack or request headers.
   */
  readonly message: string;
  /**
   * MeterDesk's own sentence about it as a code and its parameters (a refusal of
   * common/reply-messages.ts or a log code): the window words it in its language
   * (renderer/lib/errors.ts) and never shows `message`, which is its English. Every error a handler
   * replies with has one; only the plumbing's own (a deadline, a caller refused) go without.
   */
  readonly said?: Said;
}

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: IpcErrorCode, message: string, said?: Said): Result<T> {
  return { ok: false, error: said === undefined ? { code, message } : { code, message, said } };
}
