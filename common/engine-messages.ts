// MeterDesk's own sentences from main/ (the activity log, a start-up problem, where the API key is
// kept), as a stable code and parameters beside the English text. The English stays for the CLI,
// the log file and older windows; the window words each code in its own language
// (renderer/lib/engine-words.ts). One table, declarative: each code with its parameters and what
// kind each is.

/**
 * How a parameter is shown: `count` a number in the window's format; `word` a code MeterDesk words
 * itself (a network error code, a permission); `data` foreign data shown as it is (the service's own
 * words, a file name, a system error's text).
 */
export type ParamKind = 'count' | 'word' | 'data';

export const ENGINE_MESSAGES = {
  /** The service could not be reached; `cause` is the offline hold's code ('' when not known). */
  offlineBegan: { cause: 'word' },
  offlineEnded: {},
  /** No quota left; `remaining` is -1 when the service did not say. */
  quotaExhausted: { remaining: 'count' },
  /** Quota is there again; `remaining` is -1 when the key is unlimited. */
  quotaAvailable: { remaining: 'count' },
  keyRejected: { serviceSays: 'data' },
  permissionDenied: { serviceSays: 'data' },
  settingRefused: { serviceSays: 'data' },
  /** The key may not do one thing (`permission`: a Permission); the run finds another way. */
  permissionMissing: { permission: 'word', serviceSays: 'data' },
  batchShrunk: { sent: 'count', size: 'count', serviceSays: 'data' },
  batchesUnavailable: { serviceSays: 'data' },
  listShrunk: { tried: 'count', next: 'count' },
  listsRefused: {},
  fileChanged: { file: 'data' },
  orphanTask: { task: 'data' },
  resuming: { requeued: 'count', resumed: 'count' },
  takenOver: { owner: 'data' },
  /** Something MeterDesk did not expect; `detail` is the error's own text. */
  unexpectedError: { detail: 'data' },
  engineNotStarted: { detail: 'data' },
  backendRestarted: {},
  // Why the engine is not running although a service is set up (ServiceView.problem).
  /** `host` is '' on this computer. */
  queueInUse: { owner: 'data', pid: 'count', host: 'data' },
  sandboxNotStarted: { detail: 'data' },
  keyUnreadable: { detail: 'data' },
  keyMissing: { service: 'data' },
  // Where the API key is kept when the keychain cannot be used (KeyStatus.backend.warning).
  /**
   * `keychain`: why it cannot be used ('missing' module, 'module' failed to load, 'service' not
   * answering, 'timeout' after `seconds`, 'other'); `platform`: process.platform; `backend`:
   * safeStorage's (e.g. "gnome_libsecret").
   */
  keyInEncryptedFile: { keychain: 'word', platform: 'word', seconds: 'count', backend: 'data' },
  /** `why`: 'none' (no safeStorage here), 'unavailable' or 'weak' (a built-in password). */
  keyForSessionOnly: {
    keychain: 'word',
    platform: 'word',
    seconds: 'count',
    why: 'word',
    backend: 'data',
  },
  // Where the API key is kept (KeyStatus.backend.place), the words after "API key saved in".
  /** The OS keychain; `platform`: process.platform, which names it. */
  keyPlaceKeychain: { platform: 'word' },
  /** Electron safeStorage's file; `backend`: safeStorage's (e.g. "gnome_libsecret"). */
  keyPlaceEncryptedFile: { backend: 'data' },
  keyPlaceMemory: {},
} as const satisfies Readonly<Record<string, Readonly<Record<string, ParamKind>>>>;

export type EngineMessageCode = keyof typeof ENGINE_MESSAGES;

type ValueOf<K> = K extends 'count' ? number : string;

export type EngineMessageParams<C extends EngineMessageCode> = {
  readonly [P in keyof (typeof ENGINE_MESSAGES)[C]]: ValueOf<(typeof ENGINE_MESSAGES)[C][P]>;
};

export type EngineMessage = {
  [C in EngineMessageCode]: { readonly code: C; readonly params: EngineMessageParams<C> };
}[EngineMessageCode];

/** One line of the activity log: the English text, and its code when MeterDesk wrote it. */
export interface LogEntry {
  readonly text: string;
  /** null: a line without a code (another part's words, an older backend): shown as written. */
  readonly message: EngineMessage | null;
}

/** A coded message, its parameters checked against the table. */
export function engineMessage<C extends EngineMessageCode>(
  code: C,
  params: EngineMessageParams<C>,
): EngineMessage {
  return { code, params } as EngineMessage;
}

/** A log line with its code. */
export function codedLine<C extends EngineMessageCode>(
  text: string,
  code: C,
  params: EngineMessageParams<C>,
): LogEntry {
  return { text, message: engineMessage(code, params) };
}

/** A log line without a code: shown as written. */
export function plainLine(text: string): LogEntry {
  return { text, message: null };
}
