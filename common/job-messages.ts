// MeterDesk's own sentences about one job: its history (job_events) and its error (jobs.error_*),
// the scanner's reasons for a file it does not send, and why a watched folder is not watched. Each is kept as a code and its parameters
// (the queue stores both, never the English); the edges word it: English from the template here
// for the log, the CLI and the CSV (jobText), the window's language from its catalogue
// (renderer/lib/job-words.ts). Templates name their parameters in braces; a parameter is foreign
// data (a task id, the service's words, a file system code), except `retry`: a retry reason
// (RETRY_SENTENCES), worded by the edge too.
import { fillTemplate } from './fill-template';

export const JOB_MESSAGES = {
  // The history the store writes as a job moves (main/store/job-events.ts).
  uploading: 'Uploading',
  submittedSingle: 'Submitted as task {task} (single task)',
  submittedBatch: 'Submitted as task {task} (batch {batch} item {item})',
  /** `source`: the service's result_source, which the window words. */
  read: 'Reading {reading} ({source})',
  readShared: 'Reading {reading} ({source}), shared with an identical photo',
  /** Office mode: another desk of the office read the same photo; its reading was taken. */
  readByDesk:
    'Reading {reading} ({source}) taken from {desk}: read there, not sent or paid again here',
  confirmed: 'Reading confirmed in review',
  corrected: 'Reading corrected to {reading}',
  undoneToReview: 'Review undone: the reading waits for review again',
  undoneToConfirmed: 'Review undone: back to confirmed as read by the AI',
  undoneToCorrected: 'Review undone: back to corrected to {reading}',
  /** Office mode: another desk's review of the same photo, taken from the office. */
  confirmedAtDesk: 'Reading confirmed in review at {desk}',
  correctedAtDesk: 'Reading corrected to {reading} at {desk}',
  undoneAtDesk: 'Review undone at {desk}: the reading waits for review again',
  retryRequested: 'Retry requested',
  sameAs: 'Same photo as {file}: result reused, not uploaded again',
  scannedAgain: 'Scanned again: the file is a readable photo now',
  // The quality check before upload (main/engine/photo-gate.ts): a held photo is not sent.
  heldTooSmall:
    'Held, not sent: too small to read ({side} px on its short side, at least {min} px wanted)',
  heldTooDark: 'Held, not sent: too dark to read',
  heldBlownOut: 'Held, not sent: overexposed, the meter is blown out',
  heldBlurred: 'Held, not sent: blurred',
  sentAnyway: 'Sent anyway: the quality check was overruled',
  /**
   * Words MeterDesk did not write from a template: the service's own (a failed task's
   * error_message), or a line of an older queue that no template matched. Shown as written.
   */
  quoted: '{text}',
  // The engine's.
  waitingForNetwork: 'Waiting for the network',
  waitingForQuota: 'Waiting for quota',
  unexpectedRetry: 'Unexpected error; will retry',
  taskLostResend: 'The service no longer knows this task; sending the photo again',
  taskLostTwice: 'The service lost this task twice; try again later',
  batchItemMissing: 'The batch answer had no item for this file; sending it on its own',
  batchSplit: 'Batch refused ({serviceSays}); sending each photo alone',
  // `limit` and `size` are byte counts (BYTE_PARAMS), as in tooLarge.
  batchRepacked:
    "Batch over the service's size limit ({serviceSays}); sent again in batches of at most {limit} bytes",
  resentInBatch:
    'This API key may not read single tasks: sent again in a batch, which it may read (the service answers from its cache)',
  overServiceLimit:
    'Too large for this service: the photo is {size} bytes, and the service accepts at most {limit} bytes per photo (it said so when it refused an upload); not sent',
  fileMoved: 'The file was moved, renamed or deleted after it was added',
  fileUnreadable: 'The file can no longer be read ({code})',
  doneWithoutReading: 'The service reported the task done but gave no reading',
  retryLater: '{retry}; will retry',
  /** A retry whose reason is in other words than a retry reason's (the service's, a 429's). */
  retryLaterSaid: '{serviceSays}; will retry',
  gaveUp: 'Gave up after {attempts} attempts: {retry}',
  gaveUpSaid: 'Gave up after {attempts} attempts: {serviceSays}',
  // The scanner's reasons (main/scan). `accepted` is the accepted formats in English, which the
  // window says in its own words.
  goneWhileScanning: 'The file was moved, renamed or deleted while the folder was being scanned',
  permissionDenied: 'Permission denied: this file cannot be read',
  linkLoop: 'Symbolic link loop: the link points to itself',
  fileLocked: 'The file is locked by another program',
  readError: 'Read error (EIO): the disk, card or network share failed',
  cannotBeRead: 'The file cannot be read ({code})',
  notRegular: 'Not a regular file ({kind})',
  emptyFile: 'The file is empty (0 bytes)',
  truncatedWebp: 'The file is a truncated or damaged WEBP (shorter than its header says)',
  truncatedJpeg: 'The file is a truncated or damaged JPEG (no end-of-image marker)',
  invalidName: 'The file name is not valid Unicode (UTF-8), so it cannot be opened; rename it',
  brokenLink: 'Broken link: the file or folder it points to does not exist',
  notFound: 'Not found: it was moved, renamed or deleted',
  stillWritten:
    'Still being written after {seconds} s (a copy not finished?); add the folder again once the copy is complete',
  textFile: 'This is a text file, not an image; use {accepted}',
  unknownFormat: 'Not a recognised image format; use {accepted}',
  videoRefused: '{format} videos are not accepted; use {accepted}',
  fileTypeRefused: '{format} files are not accepted; use {accepted}',
  imageTypeRefused: '{format} images are not accepted; use {accepted}',
  // `size` and `limit` are byte counts (BYTE_PARAMS), which the window says in its own units;
  // the MiB beside them are for the log and CSV.
  tooLarge:
    'The {format} is {size} bytes ({sizeMiB}); the service accepts at most {limit} bytes ({limitMiB}) per image',
  // A folder that cannot be listed, reported once for the folder's own path (main/scan/walk.ts).
  folderGone:
    'The folder was moved, renamed or deleted while being scanned; the photos in it were not scanned',
  folderPermissionDenied: 'Permission denied for this folder; the photos in it were not scanned',
  folderLinkLoop: 'Symbolic link loop; the photos in it were not scanned',
  folderUnreadable: 'The folder cannot be read ({code}); the photos in it were not scanned',
  // Why a file is looked at again instead of judged: it may still be being copied (inspect.ts).
  emptyJustChanged: 'Empty and just changed: still being copied?',
  shortJustChanged: 'Shorter than its header says and just changed: still being copied?',
  cutShortJustChanged: 'Cut short and just changed: still being copied?',
  changedWhileRead: 'The file changed while it was read: still being written',
  // Why a path the person added is not added at all (main/engine/add-paths.ts); the CLI prints
  // them after "Cannot add <path>: ".
  pathNotFound: 'does not exist',
  pathPermissionDenied: 'permission denied',
  pathNotFileOrFolder: 'not a file or folder',
  pathUnreadable: 'cannot be opened ({code})',
  // Why a watched folder is not watched now (main/watch/); the CLI prints them after its path.
  watchGone: 'not there (a card pulled out, a share offline, or deleted)',
  watchNotAFolder: 'not a folder',
  watchPermissionDenied: 'permission denied',
  watchUnreadable: 'cannot be read ({code})',
  /** `detail`: the file system watcher's own words (e.g. a system limit reached). */
  watchUnwatchable: 'cannot be watched ({detail})',
} as const;

export type JobMessageCode = keyof typeof JOB_MESSAGES;

type NamesOf<T extends string> = T extends `${string}{${infer P}}${infer Rest}`
  ? P | NamesOf<Rest>
  : never;

/**
 * The parameters that are byte counts: kept as numbers, so that each edge groups them in its own
 * language (English here, "20,971,521"; the window its own, "20.971.521").
 */
const BYTE_PARAMS: ReadonlySet<string> = new Set(['size', 'limit']);
type ByteParam = 'size' | 'limit';

export function isByteParam(name: string): boolean {
  return BYTE_PARAMS.has(name);
}

type ParamsOf<N extends string> = [N] extends [never]
  ? Readonly<Record<string, never>>
  : {
      readonly [K in N]: K extends 'retry' ? RetrySentence : K extends ByteParam ? number : string;
    };

export type JobMessageParams<C extends JobMessageCode> = ParamsOf<
  NamesOf<(typeof JOB_MESSAGES)[C]>
>;

/** One of MeterDesk's sentences about a job, as the queue keeps it and the IPC carries it. */
export type JobMessage = {
  [C in JobMessageCode]: { readonly code: C; readonly params: JobMessageParams<C> };
}[JobMessageCode];

/** A coded message, its parameters checked against its template. */
export function jobMessage<C extends JobMessageCode>(
  code: C,
  params: JobMessageParams<C>,
): JobMessage {
  return { code, params } as JobMessage;
}

/** Words MeterDesk did not write (the service's own): kept and shown as written. */
export function quotedMessage(text: string): JobMessage {
  return { code: 'quoted', params: { text } };
}

/** Whether two messages say the same: one code, the same parameters. */
export function sameJobMessage(a: JobMessage, b: JobMessage | null): boolean {
  return b !== null && a.code === b.code && JSON.stringify(a.params) === JSON.stringify(b.params);
}

/** The message in English, from its template: what the log, the CLI and the CSV say. */
export function jobText(message: JobMessage): string {
  const values = message.params as Readonly<Record<string, string | number>>;
  return fillTemplate(JOB_MESSAGES[message.code], (name) => {
    const value = values[name] ?? '';
    if (typeof value === 'number') return value.toLocaleString('en-US');
    return name === 'retry' && isRetrySentence(value) ? RETRY_SENTENCES[value] : value;
  });
}

const isCode = (code: string): code is JobMessageCode => Object.hasOwn(JOB_MESSAGES, code);

/** A stored parameter of its kind: a byte count a whole number, any other a string. */
function validParam(name: string, value: unknown): boolean {
  return BYTE_PARAMS.has(name)
    ? typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    : typeof value === 'string';
}

/**
 * A message as the queue stores it (code, params as JSON) back into its shape. A code this
 * version does not know, or parameters not of their kind (a string where a byte count belongs),
 * become the stored text quoted, so one odd row never hides a job.
 */
export function storedJobMessage(code: string, paramsJson: string): JobMessage {
  let params: unknown;
  try {
    params = JSON.parse(paramsJson);
  } catch {
    params = null;
  }
  const valid =
    typeof params === 'object' &&
    params !== null &&
    !Array.isArray(params) &&
    Object.entries(params).every(([name, value]) => validParam(name, value));
  if (!isCode(code) || !valid) return quotedMessage(`${code} ${paramsJson}`);
  const needed = [...JOB_MESSAGES[code].matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const given = params as Readonly<Record<string, string | number>>;
  // A missing text is said as nothing; a missing byte count would be a made-up number.
  if (needed.some((name) => BYTE_PARAMS.has(name) && given[name] === undefined)) {
    return quotedMessage(`${code} ${paramsJson}`);
  }
  const complete = Object.fromEntries(needed.map((name) => [name, given[name] ?? '']));
  return { code, params: complete } as JobMessage;
}

/**
 * Why a request will be tried again, as the API client says it (main/api/classify.ts): each
 * retry reason's English sentence, which the window words by its reason.
 */
export const RETRY_SENTENCES = {
  server_error: 'The service had a temporary problem; will retry later.',
  timeout: 'The service took too long to answer; will retry later.',
  connection_reset: 'The connection to the service broke; will retry later.',
  redirect: 'The service answered with an unexpected redirect (not followed); will retry later.',
  unexpected_status: 'The service gave an unexpected answer; will retry later.',
  non_json_body:
    'The service (or a proxy in between) sent a page instead of data; will retry later.',
  malformed_json: 'The service sent a damaged answer; will retry later.',
  invalid_body: 'The service sent an answer in an unexpected format; will retry later.',
  body_too_large: 'The service sent an unexpectedly large answer; will retry later.',
  server_refused: 'The service reported a failure; will retry later.',
  tls:
    "The service's security certificate could not be verified, so nothing was sent. Check the " +
    'service address and the system clock, or whether a proxy intercepts HTTPS; will retry later.',
  proxy_auth:
    'The proxy server asks for a user name and password (407 Proxy Authentication Required) that ' +
    'MeterDesk was not given, so nothing was sent. Put them in the proxy address ' +
    '(http://user:password@proxy:port) or ask IT to let MeterDesk through; will retry later.',
  proxy_refused:
    'The proxy server refused to connect to the service, so nothing was sent. Ask IT to allow ' +
    "the service's address through the proxy; will retry later.",
  transport: 'Could not talk to the service; will retry later.',
  /** Not a retry reason: the network is down (a system network code). */
  networkDown: 'Cannot reach the service; check the network connection.',
} as const;

export type RetrySentence = keyof typeof RETRY_SENTENCES;

export function isRetrySentence(key: string): key is RetrySentence {
  return Object.hasOwn(RETRY_SENTENCES, key);
}
