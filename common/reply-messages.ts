// Why a call from the window was refused, as a stable code and parameters (IpcError.said): the
// backend's handlers never reply with a sentence of their own. One table, declarative, like
// engine-messages.ts: each code with its parameters and what kind each is. English for the log and
// the CLI is in reply-english.ts; the window words the same code from its catalogue
// (renderer/lib/reply-words.ts, a code without words there fails to compile).
import type { ParamKind } from './engine-messages';

export const REPLY_MESSAGES = {
  /** The photo asked for was removed (or never there). */
  photoGone: {},
  /** A meter named by the window is not (or no longer) in the loaded route sheets. */
  meterNotInSheets: { meter: 'data' },
  onlyFinishedReviewed: {},
  /** The reading was reviewed again or is no longer finished since the window offered the undo. */
  nothingToUndo: {},
  /**
   * A typed reading that cannot be saved; `problem` is a ReadingInputProblem's code
   * (common/billing/reading-input.ts), `max` its limit (0 when it has none).
   */
  readingRefused: { problem: 'word', max: 'count' },
  /** Move to another meter refused: the reading was confirmed for its meter. */
  keepsConfirmedMeter: {},
  /** A photo matched by hand can be given another meter, not none. */
  needsAMeter: {},
  skipNeedsNote: {},
  /** Office mode: another clerk's change or review lease on the meter; nothing was saved. */
  changedInOffice: { clerk: 'data', desk: 'data' },
  chooseSheetFirst: {},
  /** A column mapping, export template or template file that does not parse; its checker's words. */
  sheetMappingInvalid: { problems: 'data' },
  templateInvalid: { problems: 'data' },
  /** An order-file profile (a built-in's name or an office's file) that cannot be used. */
  orderProfileInvalid: { problems: 'data' },
  /** A file-name pattern that cannot be used; the pattern checker's words. */
  filePatternInvalid: { problem: 'data' },
  /**
   * An export that could not be written (main/export/csv.ts). `why`: the system's error code
   * (ENOENT, ENOTDIR, EISDIR, EACCES, EBUSY, EROFS, ENOSPC, ENAMETOOLONG), 'noNewFiles' for a
   * folder that takes none, 'folderExists' for a target that is a folder, or 'other' with
   * `detail` the system's own words; `stage`: 'open', 'write' or 'finish'.
   */
  exportNotWritten: { file: 'data', folder: 'data', why: 'word', stage: 'word', detail: 'data' },
  /** A character the file's Windows-1252 encoding cannot hold. */
  unencodable: { row: 'count', column: 'data', header: 'data', character: 'data' },
  /** Show in folder asked for a path MeterDesk neither added nor exported. */
  notShownHere: {},
  /** Main could not open the file manager there. */
  folderNotShown: {},
  /** Settings' "Open log folder": the system refused; `detail` is its own words. */
  logFolderNotOpened: { folder: 'data', detail: 'data' },
  /** The Office report asked for a day that does not exist. */
  noReportDay: { day: 'data' },
  officePasswordAlone: {},
  /** The API key typed cannot be used as one (the secret store's or the client's words). */
  keyNotUsable: { detail: 'data' },
  enterAddressFirst: {},
  sandboxDidNotStart: {},
  noKeyStored: { address: 'data' },
  /** `source`: the policy file or registry key that fixes the setting. */
  lockedByPolicy: { source: 'data' },
  // The service address and key checked by Connect (main/backend/connection-check.ts).
  addressNotUrl: {},
  /** `host`: where plain http:// would carry the key; '' for another scheme. */
  addressNotHttps: { host: 'data' },
  addressHasApiPath: { path: 'data', fixed: 'data' },
  addressHasCredentials: {},
  addressHasQuery: {},
  serviceRefusedKey: {},
  keyNotAllowed: { serviceSays: 'data' },
  nameNotFound: { host: 'data' },
  nameNotLookedUp: { host: 'data' },
  nothingListens: { host: 'data', origin: 'data' },
  /** `code`: the network's error code. */
  originUnreachable: { origin: 'data', code: 'data' },
  /** `detail`: the API client's description of the failure. */
  cannotReach: { origin: 'data', detail: 'data' },
  serviceFaulty: { origin: 'data', detail: 'data' },
  /** Something else answers at the address; `detail` '' when it has no meter-reading API (404). */
  notTheService: { origin: 'data', detail: 'data' },
  serviceOnHold: { origin: 'data', serviceSays: 'data' },
  keyRateLimited: { seconds: 'count' },
  serviceAnswerUnusable: { detail: 'data' },
  /**
   * An action refused while another process owns the queue (main/actions/ownership.ts).
   * `action`: its ActionName; `host` '' on this computer.
   */
  /** Anything unexpected (main/ipc/answer.ts); `detail` is the error's own text, redacted. */
  unexpectedProblem: { detail: 'data' },
  /**
   * The other process did not answer a call within its deadline (main/ipc/deadline.ts, rpc.ts):
   * `who` as the log names it (the window says MeterDesk), `call` the channel.
   */
  noAnswer: { who: 'word', call: 'data', seconds: 'count' },
  queueOwned: { action: 'word', owner: 'data', pid: 'count', host: 'data', since: 'data' },
} as const satisfies Readonly<Record<string, Readonly<Record<string, ParamKind>>>>;

export type ReplyCode = keyof typeof REPLY_MESSAGES;

type ValueOf<K> = K extends 'count' ? number : string;

export type ReplyParams<C extends ReplyCode> = {
  readonly [P in keyof (typeof REPLY_MESSAGES)[C]]: ValueOf<(typeof REPLY_MESSAGES)[C][P]>;
};

export type ReplyMessage = {
  [C in ReplyCode]: { readonly code: C; readonly params: ReplyParams<C> };
}[ReplyCode];

/** A coded refusal, its parameters checked against the table. */
export function replyMessage<C extends ReplyCode>(code: C, params: ReplyParams<C>): ReplyMessage {
  return { code, params } as ReplyMessage;
}

/** The actions named by queueOwned, in the order of main/actions/ownership.ts. */
export const OWNED_ACTIONS = [
  'add photos',
  'add arrivals',
  'review',
  'undo review',
  'retry',
  'remove',
  'assign meter',
  'skip meter',
  'type reading',
  'decide meter',
  'undo meter decision',
  'load route sheet',
  'set file pattern',
  'set camera counters',
  'save template',
  'send anyway',
  'set photo checks',
  'set plausibility limits',
] as const;

/** A typed reading's problem (common/billing/reading-input.ts) as a refusal. */
export function readingRefused(problem: {
  readonly code: string;
  readonly max?: number;
}): ReplyMessage {
  return replyMessage('readingRefused', { problem: problem.code, max: problem.max ?? 0 });
}

/** An export template that does not parse, its checker's words joined. */
export function templateInvalid(errors: readonly string[]): ReplyMessage {
  return replyMessage('templateInvalid', { problems: errors.join(' ') });
}
