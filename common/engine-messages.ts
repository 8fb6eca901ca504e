// MeterDesk's own sentences from main/ (the activity log, a start-up problem, where the API key is
// kept), as a stable code and parameters. One table, declarative: each code with its parameters
// and what kind each is; the edges word it: English below (ENGLISH) for the CLI and the log file,
// the window's language in renderer/lib/engine-words.ts. Callers write the code, never the English.
import { dataFolderEnglish } from './data-folder-english';
import {
  keychainName,
  keychainProblemEnglish,
  keyStorageText,
  sessionWhyEnglish,
} from './key-storage-english';

/**
 * How a parameter is shown: `count` a number in the window's format; `word` a code MeterDesk words
 * itself (a network error code, a permission); `data` foreign data shown as it is (the service's own
 * words, a file name, a system error's text).
 */
export type ParamKind = 'count' | 'word' | 'data';

export const ENGINE_MESSAGES = {
  /** The service could not be reached; `cause` is the offline hold's code ('' when not known). */
  offlineBegan: { cause: 'word', reason: 'data' },
  offlineEnded: {},
  /**
   * No quota left (or fewer readings than the photos waiting); `remaining` is -1 when the service
   * did not say. Worded from the number: the service's own summary is not MeterDesk's sentence.
   */
  quotaExhausted: { remaining: 'count' },
  /** Quota is there again; `remaining` is -1 when the key is unlimited. */
  quotaAvailable: { remaining: 'count' },
  /**
   * The quota figures say none are left, yet only the service's 429 quota_exhausted proves it:
   * photos go one at a time to ask.
   */
  quotaAsking: {},
  keyRejected: { serviceSays: 'data' },
  permissionDenied: { serviceSays: 'data' },
  settingRefused: { serviceSays: 'data' },
  /** The key may not do one thing (`permission`: a Permission); the run finds another way. */
  permissionMissing: { permission: 'word', serviceSays: 'data' },
  batchShrunk: { sent: 'count', size: 'count', serviceSays: 'data' },
  batchesUnavailable: { serviceSays: 'data' },
  listShrunk: { tried: 'count', next: 'count' },
  listsRefused: {},
  /** The task list fails (`status`: the HTTP status, 0 for an answer that could not be used). */
  listFailing: { status: 'count' },
  /** The task list does not answer within its deadline of `seconds`. */
  listSlow: { seconds: 'count' },
  /** The task list works again after failing or being slow. */
  listBack: {},
  /** GET ai-status fails (`status` as listFailing's); the rest of the service answers. */
  aiStatusFailing: { status: 'count' },
  /** A 5xx with Retry-After (maintenance): the run holds; `seconds` is the wait the service asks. */
  serviceHoldBegan: { seconds: 'count', serviceSays: 'data' },
  /** The service answers again after `seconds` of holding. */
  serviceHoldEnded: { seconds: 'count' },
  /** Nothing finished for `seconds` while tasks wait at the service; its own wait reason. */
  nothingFinishes: { seconds: 'count', serviceSays: 'data' },
  fileChanged: { file: 'data' },
  orphanTask: { task: 'data' },
  resuming: { requeued: 'count', resumed: 'count' },
  takenOver: { owner: 'data' },
  /** The uploads are final; the run ends once the codes on `count` more photos are read. */
  codesBeingRead: { count: 'count' },
  /**
   * The photo checker could not be loaded (an installed copy missing a file sharp or the reader
   * needs): photos are sent unchecked and no codes are read; `detail` is the loader's own text.
   */
  photoChecksUnavailable: { detail: 'data' },
  /** Something MeterDesk did not expect; `detail` is the error's own text. */
  unexpectedError: { detail: 'data' },
  engineNotStarted: { detail: 'data' },
  backendRestarted: {},
  // Why the engine is not running although a service is set up (ServiceView.problem).
  /** `host` is '' on this computer. */
  queueInUse: { owner: 'data', pid: 'count', host: 'data', since: 'data' },
  sandboxNotStarted: { detail: 'data' },
  keyUnreadable: { detail: 'data' },
  keyMissing: { service: 'data' },
  /**
   * A folder that cannot hold MeterDesk's data (main/backend/data-dir.ts, an IPC error's `said`).
   * `why`: the system's error code (EEXIST, ENOTDIR, EACCES, EPERM, EROFS, ENOSPC, ENOENT; another
   * is said as 'other') or a system place refused by its name ('systemFolder'), by where it leads
   * ('linksToSystem', to `real`) or by its file system ('pseudoFileSystem', `real` is its type);
   * `folder`: the system folder ('' when none).
   */
  dataFolderUnusable: { dir: 'data', why: 'word', folder: 'data', real: 'data' },
  /**
   * The OS keychain cannot be used (main/secrets/keychain.ts). `keychain`: why ('missing' module,
   * 'module' failed to load, 'service' not answering, 'timeout' after `seconds`, 'other');
   * `platform`: process.platform; `detail`: the system's own words ('other'), or ''.
   */
  keychainUnavailable: { keychain: 'word', platform: 'word', seconds: 'count', detail: 'data' },
  // Where the API key is kept when the keychain cannot be used (KeyStatus.backend.warning).
  /** The keychain's problem as keychainUnavailable's; `backend`: safeStorage's ("gnome_libsecret"). */
  keyInEncryptedFile: {
    keychain: 'word',
    platform: 'word',
    seconds: 'count',
    detail: 'data',
    backend: 'data',
  },
  /** `why`: 'none' (no safeStorage here), 'unavailable' or 'weak' (a built-in password). */
  keyForSessionOnly: {
    keychain: 'word',
    platform: 'word',
    seconds: 'count',
    detail: 'data',
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

/** A log line without a code (another part's words): shown as written. */
export interface QuotedLine {
  readonly code: 'quoted';
  readonly params: { readonly text: string };
}

/**
 * One line of the activity log as the window gets it: its code and parameters, never English
 * (the window words it; the log file and the CLI say logEntryText).
 */
export type LogEntry = EngineMessage | QuotedLine;

/** A coded message, its parameters checked against the table. */
export function engineMessage<C extends EngineMessageCode>(
  code: C,
  params: EngineMessageParams<C>,
): EngineMessage {
  return { code, params } as EngineMessage;
}

/** A code of the log, a start-up problem or the key's storage: its English is in ENGLISH. */
export type LogCode = EngineMessageCode;

const PERMISSION_ENGLISH: Readonly<Record<string, string>> = {
  quota: 'read the quota',
  ai_status: 'read the AI status',
  create_task: 'create tasks',
  create_batch: 'create batches',
  get_task: 'read tasks',
  list_tasks: 'list tasks',
  get_batch: 'read batches',
};

/** Each log code in English: what the CLI and the log file say. */
const ENGLISH: { readonly [C in LogCode]: (p: EngineMessageParams<C>) => string } = {
  offlineBegan: (p) => `Service unreachable (${p.reason}); uploads paused, probing`,
  offlineEnded: () => 'Service reachable again; resuming',
  quotaExhausted: (p) =>
    `Quota exhausted: ${p.remaining > 0 ? `only ${p.remaining} ${p.remaining === 1 ? 'reading' : 'readings'} left` : 'no readings left'}; the rest stays queued`,
  quotaAvailable: (p) =>
    `Quota available (${p.remaining < 0 ? 'unlimited' : String(p.remaining)} left); sending`,
  quotaAsking: () =>
    'The quota figures say no readings are left; sending one photo at a time until the service says so',
  keyRejected: (p) => `API key rejected: ${p.serviceSays}`,
  permissionDenied: (p) => `Permission denied: ${p.serviceSays}`,
  settingRefused: (p) => p.serviceSays,
  permissionMissing: (p) =>
    `This API key may not ${PERMISSION_ENGLISH[p.permission] ?? p.permission}: ${p.serviceSays}`,
  batchShrunk: (p) =>
    `Batch of ${String(p.sent)} refused (${p.serviceSays}); sending batches of ${String(p.size)}`,
  batchesUnavailable: (p) =>
    `Batch uploads unavailable (${p.serviceSays}); sending single tasks for now`,
  listShrunk: (p) =>
    `The service refused a task list of ${String(p.tried)}; asking for ${String(p.next)}`,
  listsRefused: () => 'The service refuses task lists; polling tasks one by one',
  listFailing: (p) =>
    `The task list is failing (${p.status > 0 ? `the service answers ${String(p.status)}` : 'its answers cannot be used'}); ` +
    'following tasks one by one until it works again',
  listSlow: (p) =>
    `The task list does not answer within ${String(p.seconds)} s; following tasks one by one until it answers in time`,
  listBack: () => 'The task list works again; following tasks by list',
  aiStatusFailing: (p) =>
    `The service's AI status is failing (${p.status > 0 ? `it answers ${String(p.status)}` : 'its answers cannot be used'}); ` +
    "photos are sent as usual, the AI's state is not known",
  serviceHoldBegan: (p) =>
    `The service is unavailable for now (maintenance or overload) and asks to wait ${String(p.seconds)} s; ` +
    `no photo fails for it: everything waits and is sent once the service is back${p.serviceSays ? `. The service says: "${p.serviceSays}"` : ''}`,
  serviceHoldEnded: (p) =>
    `The service answers again after ${String(p.seconds)} s of unavailability; sending resumes`,
  nothingFinishes: (p) =>
    `Nothing has finished for ${String(p.seconds)} s: the tasks wait at the service. The service says: "${p.serviceSays}"`,
  fileChanged: (p) => `${p.file}: changed on disk since it was added; sending the current version`,
  orphanTask: (p) => `Task ${p.task} was created for a photo this queue no longer has on its way`,
  resuming: (p) =>
    `Resuming: ${String(p.requeued)} uploads to send again, ${String(p.resumed)} tasks to follow`,
  takenOver: (p) => `Stopping: the queue was taken over by ${p.owner}`,
  codesBeingRead: (p) =>
    `Uploads final; reading the codes on ${String(p.count)} more ${p.count === 1 ? 'photo' : 'photos'} before the run ends`,
  photoChecksUnavailable: (p) =>
    `Photo checks are off: the photo checker could not be loaded (${p.detail}). ` +
    'Photos are sent without the quality check and their codes are not read; reinstall MeterDesk or ask your IT',
  unexpectedError: (p) => `Unexpected error: ${p.detail}`,
  engineNotStarted: (p) => `The engine could not start: ${p.detail}`,
  backendRestarted: () =>
    'The MeterDesk backend stopped unexpectedly and was restarted; the queue is intact.',
  queueInUse: (p) =>
    `This queue is in use by ${p.owner} (process ${String(p.pid)}${p.host ? ` on ${p.host}` : ''}, ` +
    `since ${p.since}). Close it or wait for it to finish, then try again. ` +
    'MeterDesk carries on by itself once it is free.',
  sandboxNotStarted: (p) => `The built-in sandbox could not start: ${p.detail}`,
  keyUnreadable: (p) => `The API key could not be read: ${p.detail}`,
  keyMissing: (p) => `No API key is stored for ${p.service}. Enter it in Settings.`,
  dataFolderUnusable: (p) => dataFolderEnglish(p),
  keychainUnavailable: (p) => keychainProblemEnglish(p),
  keyInEncryptedFile: (p) =>
    keyStorageText('inEncryptedFile', { problem: keychainProblemEnglish(p), backend: p.backend }),
  keyForSessionOnly: (p) =>
    keyStorageText('forSessionOnly', {
      problem: keychainProblemEnglish(p),
      why: sessionWhyEnglish(p.why, p.backend),
    }),
  keyPlaceKeychain: (p) => keychainName(p.platform),
  keyPlaceEncryptedFile: (p) => keyStorageText('placeEncryptedFile', { backend: p.backend }),
  keyPlaceMemory: () => keyStorageText('placeMemory'),
};

/** A message of a log code: one whose English is in ENGLISH. */
export type LogMessage = Extract<EngineMessage, { readonly code: LogCode }>;

/** A log code's message, its parameters checked against the table. */
export function logMessage<C extends LogCode>(code: C, params: EngineMessageParams<C>): LogMessage {
  return { code, params } as LogMessage;
}

/** A log code's message in English. */
export function logText(message: LogMessage): string {
  const say = ENGLISH[message.code] as (p: LogMessage['params']) => string;
  return say(message.params);
}

/** A log code in English. */
export function engineText<C extends LogCode>(code: C, params: EngineMessageParams<C>): string {
  return ENGLISH[code](params);
}

/** A log line from its code. */
export function codedLine<C extends LogCode>(code: C, params: EngineMessageParams<C>): LogEntry {
  return engineMessage(code, params);
}

/** A log line in English: what the log file and the CLI say. */
export function logEntryText(entry: LogEntry): string {
  return entry.code === 'quoted' ? entry.params.text : logText(entry);
}

/** A log line's two arguments (English, code) for the engine's `log(line, message)`. */
export function logged<C extends LogCode>(
  code: C,
  params: EngineMessageParams<C>,
): [string, EngineMessage] {
  return [engineText(code, params), engineMessage(code, params)];
}

/** A log line without a code: shown as written. */
export function plainLine(text: string): LogEntry {
  return { code: 'quoted', params: { text } };
}
