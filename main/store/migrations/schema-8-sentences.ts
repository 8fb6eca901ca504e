// The English sentences queues up to schema 8 stored in job_events.message and jobs.error_message,
// frozen as they were written then, and how each becomes a code and its parameters (the codes of
// common/job-messages.ts as migration 009 wrote them). Migration 009 alone uses this, once: a
// template or code renamed later in common/ must not change what an older queue converts to, so
// this file imports nothing (test/store/migration-imports.test.ts). A sentence none of these
// matches (the service's own words) is kept as written, quoted. Not named NNN-*.ts: it is not a
// migration, only the data of one.

/**
 * Each sentence as written up to schema 8, by the code migration 009 gives it; `retryAny`,
 * `gaveUpAny`, `failed` and `changedAfterAdded` are resolved below by their `reason`.
 */
const LEGACY: readonly (readonly [string, string])[] = [
  ['uploading', 'Uploading'],
  ['submittedSingle', 'Submitted as task {task} (single task)'],
  ['submittedBatch', 'Submitted as task {task} (batch {batch} item {item})'],
  ['readShared', 'Reading {reading} ({source}), shared with an identical photo'],
  ['read', 'Reading {reading} ({source})'],
  ['failed', 'Failed: {reason}'],
  ['changedAfterAdded', 'The file changed after it was added: {reason}'],
  ['confirmed', 'Reading confirmed in review'],
  ['corrected', 'Reading corrected to {reading}'],
  ['undoneToReview', 'Review undone: the reading waits for review again'],
  ['undoneToConfirmed', 'Review undone: back to confirmed as read by the AI'],
  ['undoneToCorrected', 'Review undone: back to corrected to {reading}'],
  ['retryRequested', 'Retry requested'],
  ['sameAs', 'Same photo as {file}: result reused, not uploaded again'],
  ['scannedAgain', 'Scanned again: the file is a readable photo now'],
  ['waitingForNetwork', 'Waiting for the network'],
  ['waitingForQuota', 'Waiting for quota'],
  ['unexpectedRetry', 'Unexpected error; will retry'],
  ['taskLostResend', 'The service no longer knows this task; sending the photo again'],
  ['taskLostTwice', 'The service lost this task twice; try again later'],
  ['batchItemMissing', 'The batch answer had no item for this file; sending it on its own'],
  ['batchSplit', 'Batch refused ({serviceSays}); sending each photo alone'],
  ['fileMoved', 'The file was moved, renamed or deleted after it was added'],
  ['fileUnreadable', 'The file can no longer be read ({code})'],
  ['doneWithoutReading', 'The service reported the task done but gave no reading'],
  ['retryAny', '{reason}; will retry'],
  ['gaveUpAny', 'Gave up after {attempts} attempts: {reason}'],
  [
    'goneWhileScanning',
    'The file was moved, renamed or deleted while the folder was being scanned',
  ],
  ['permissionDenied', 'Permission denied: this file cannot be read'],
  ['linkLoop', 'Symbolic link loop: the link points to itself'],
  ['fileLocked', 'The file is locked by another program'],
  ['readError', 'Read error (EIO): the disk, card or network share failed'],
  ['cannotBeRead', 'The file cannot be read ({code})'],
  ['notRegular', 'Not a regular file ({kind})'],
  ['emptyFile', 'The file is empty (0 bytes)'],
  ['truncatedWebp', 'The file is a truncated or damaged WEBP (shorter than its header says)'],
  ['truncatedJpeg', 'The file is a truncated or damaged JPEG (no end-of-image marker)'],
  ['invalidName', 'The file name is not valid Unicode (UTF-8), so it cannot be opened; rename it'],
  ['brokenLink', 'Broken link: the file or folder it points to does not exist'],
  ['notFound', 'Not found: it was moved, renamed or deleted'],
  [
    'stillWritten',
    'Still being written after {seconds} s (a copy not finished?); add the folder again once the copy is complete',
  ],
  ['textFile', 'This is a text file, not an image; use {accepted}'],
  ['unknownFormat', 'Not a recognised image format; use {accepted}'],
  ['videoRefused', '{format} videos are not accepted; use {accepted}'],
  ['fileTypeRefused', '{format} files are not accepted; use {accepted}'],
  ['imageTypeRefused', '{format} images are not accepted; use {accepted}'],
  [
    'tooLarge',
    'The {format} is {size} bytes ({sizeMiB}); the service accepts at most {limit} bytes ({limitMiB}) per image',
  ],
  [
    'folderGone',
    'The folder was moved, renamed or deleted while being scanned; the photos in it were not scanned',
  ],
  [
    'folderPermissionDenied',
    'Permission denied for this folder; the photos in it were not scanned',
  ],
  ['folderLinkLoop', 'Symbolic link loop; the photos in it were not scanned'],
  ['folderUnreadable', 'The folder cannot be read ({code}); the photos in it were not scanned'],
];

/**
 * The retry reasons' sentences as written up to schema 8, by reason: a copy of common/'s
 * RETRY_SENTENCES as it stood then, so rewording one there leaves this conversion as it was.
 */
const LEGACY_RETRY: Readonly<Record<string, string>> = {
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
  networkDown: 'Cannot reach the service; check the network connection.',
};

/** A stored message as the new columns hold it. */
export interface CodedRow {
  readonly code: string;
  readonly params: Readonly<Record<string, string>>;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each sentence as a pattern with its parameters in order, the longest literal text first. */
const PATTERNS = LEGACY.map(([code, template]) => ({
  code,
  names: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
  pattern: new RegExp(
    `^${template
      .split(/\{\w+\}/)
      .map(escape)
      .join('(.+)')}$`,
    's',
  ),
  literal: template.replace(/\{\w+\}/g, '').length,
})).sort((a, b) => b.literal - a.literal);

function retryOf(reason: string): string | null {
  return Object.keys(LEGACY_RETRY).find((k) => LEGACY_RETRY[k] === reason) ?? null;
}

/**
 * An older queue's sentence as a code and its parameters; words no template wrote, quoted.
 * `history`: a job_events line ("Failed: ..." is the history's alone).
 */
export function legacyToCode(text: string, history = false): CodedRow {
  for (const { code, names, pattern } of PATTERNS) {
    if (code === 'failed' && !history) continue;
    const m = pattern.exec(text);
    if (!m) continue;
    const p: Record<string, string> = {};
    names.forEach((name, i) => (p[name] = m[i + 1] ?? ''));
    const reason = p.reason ?? '';
    const retry = retryOf(reason);
    switch (code) {
      case 'failed':
      case 'changedAfterAdded':
        // The inner sentence alone: the history's state and the job's failure kind say the rest.
        return legacyToCode(reason);
      case 'retryAny':
        return retry === null
          ? { code: 'retryLaterSaid', params: { serviceSays: reason } }
          : { code: 'retryLater', params: { retry } };
      case 'gaveUpAny': {
        const attempts = p.attempts ?? '';
        return retry === null
          ? { code: 'gaveUpSaid', params: { attempts, serviceSays: reason } }
          : { code: 'gaveUp', params: { attempts, retry } };
      }
      default:
        return { code, params: p };
    }
  }
  return { code: 'quoted', params: { text } };
}
