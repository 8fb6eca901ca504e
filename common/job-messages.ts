// MeterDesk's own sentences in a job's history and error (jobs.error_message, job_events.message)
// and the scanner's reasons for a file it does not send (also a job's error), one table for both
// sides: main writes each from its template (jobMessage), the window reads the
// code and parameters back from the stored English (parseJobMessage) and words them in its
// language. The queue keeps the English as before, so the log, the CSV and older queues are
// unchanged, and older lines written from the same template are worded too. Templates name their
// parameters in braces; a parameter is foreign data (the service's words, a file system code) or,
// for `reason`, a sentence of RETRY_SENTENCES or another's.

export const JOB_MESSAGES = {
  waitingForNetwork: 'Waiting for the network',
  waitingForQuota: 'Waiting for quota',
  unexpectedRetry: 'Unexpected error; will retry',
  taskLostResend: 'The service no longer knows this task; sending the photo again',
  taskLostTwice: 'The service lost this task twice; try again later',
  batchItemMissing: 'The batch answer had no item for this file; sending it on its own',
  batchSplit: 'Batch refused ({serviceSays}); sending each photo alone',
  fileMoved: 'The file was moved, renamed or deleted after it was added',
  fileUnreadable: 'The file can no longer be read ({code})',
  doneWithoutReading: 'The service reported the task done but gave no reading',
  retryLater: '{reason}; will retry',
  gaveUp: 'Gave up after {attempts} attempts: {reason}',
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
  // `size` and `limit` are byte counts grouped as en-US writes them ("20,971,521"), which the
  // window reads back and says in its own units; the MiB beside them are for the log and CSV.
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
} as const;

export type JobMessageCode = keyof typeof JOB_MESSAGES;

type ParamsOf<T extends string> = T extends `${string}{${infer P}}${infer Rest}`
  ? { readonly [K in P]: string } & ParamsOf<Rest>
  : unknown;

export type JobMessageParams<C extends JobMessageCode> = ParamsOf<(typeof JOB_MESSAGES)[C]>;

export interface ParsedJobMessage {
  readonly code: JobMessageCode;
  readonly params: Readonly<Record<string, string>>;
}

/** The English sentence main stores, from its template. */
export function jobMessage<C extends JobMessageCode>(code: C, params: JobMessageParams<C>): string {
  const values = params as Readonly<Record<string, string>>;
  return JOB_MESSAGES[code].replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? '');
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template as a pattern, its parameters in order; the longest literal text first. */
const PATTERNS = (Object.keys(JOB_MESSAGES) as JobMessageCode[])
  .map((code) => {
    const template: string = JOB_MESSAGES[code];
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const source = template
      .split(/\{\w+\}/)
      .map(escape)
      .join('(.+)');
    const literal = template.replace(/\{\w+\}/g, '').length;
    return { code, names, pattern: new RegExp(`^${source}$`, 's'), literal };
  })
  .sort((a, b) => b.literal - a.literal);

/** The code and parameters of a stored sentence written from a template; null for any other. */
export function parseJobMessage(text: string): ParsedJobMessage | null {
  for (const { code, names, pattern } of PATTERNS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = m[i + 1] ?? '';
    });
    return { code, params };
  }
  return null;
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
  transport: 'Could not talk to the service; will retry later.',
  /** Not a retry reason: the network is down (a system network code). */
  networkDown: 'Cannot reach the service; check the network connection.',
} as const;

export type RetrySentence = keyof typeof RETRY_SENTENCES;

/** Which retry sentence this is, or null. */
export function retrySentenceOf(text: string): RetrySentence | null {
  const found = (Object.keys(RETRY_SENTENCES) as RetrySentence[]).find(
    (k) => RETRY_SENTENCES[k] === text,
  );
  return found ?? null;
}
