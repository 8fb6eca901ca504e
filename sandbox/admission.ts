// Admission of uploaded files, shared by single tasks and batches. Order of checks (after the
// upload itself was read within the size limits):
//   1. submission limit (units: 1 per task, 1 per uploaded file of a batch)   -> 429
//   2. image validation; nothing valid at all                                  -> 415
//   3. concurrency: every valid file needs a free slot at creation             -> 429
//   4. quota: files that may end fresh need that much quota left              -> 429
// Refusals create nothing and consume no submission units.

import { createHash } from 'node:crypto';
import type { SandboxContext } from './context';
import { checkImage } from './image-check';
import type { KeyRecord } from './keys';
import type { UploadedFile } from './multipart';
import { readImageReading } from './reading';
import type { ImageReading } from './reading';
import { errorBody } from './responses';
import type { Exchange } from './responses';
import type { Disposition } from './task-engine';

export interface PreparedFile {
  readonly file: UploadedFile;
  readonly sha256: string;
  readonly given: ImageReading;
  readonly disposition: Disposition;
}

export function prepareFiles(
  ctx: SandboxContext,
  files: readonly UploadedFile[],
  namespace: string,
): PreparedFile[] {
  return files.map((file) => {
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const check = checkImage(file.bytes);
    const disposition: Disposition = check.ok
      ? ctx.engine.classify(namespace, sha256)
      : {
          kind: 'invalid',
          reason: `Unsupported image type or invalid image content: ${check.reason}.`,
        };
    return { file, sha256, given: readImageReading(file.bytes, sha256), disposition };
  });
}

/** Sends the refusal and returns false, or returns true (submission units consumed). */
export function admit(
  ctx: SandboxContext,
  ex: Exchange,
  key: KeyRecord,
  prepared: readonly PreparedFile[],
  units: number,
): boolean {
  const { limiter, ledger } = ctx;
  if (!limiter.submissionsFit(key.key, key.limits, units)) {
    ledger.rejection('submission');
    const wait = limiter.retryAfterSeconds();
    ex.json(
      429,
      errorBody(
        'submission_limited',
        `Task submission limit reached (${key.limits.submissionsPerWindow} per window, this request needs ${units}); retry in ${wait} s.`,
      ),
      { 'Retry-After': String(wait) },
    );
    return false;
  }

  const valid = prepared.filter((p) => p.disposition.kind !== 'invalid');
  if (valid.length === 0) {
    const first = prepared[0]?.disposition;
    const reason = first?.kind === 'invalid' ? first.reason : 'No image in the request.';
    const message =
      prepared.length > 1 ? `No file of the batch is a valid image. ${reason}` : reason;
    ex.json(415, errorBody('unsupported_image', message));
    return false;
  }

  const { heldSlots, concurrencyRetryAfter } = ctx.faults.settings;
  if (!limiter.slotsFit(key.key, key.limits, valid.length, heldSlots)) {
    ledger.rejection('concurrency');
    ex.json(
      429,
      errorBody(
        'concurrency_limited',
        `Concurrency limit reached: ${limiter.active(key.key) + heldSlots} of ${key.limits.concurrency} tasks are still in progress and ${valid.length} more were asked for.`,
      ),
      {
        ...(concurrencyRetryAfter && { 'Retry-After': '1' }),
        ...limiter.concurrencyHeaders(key.key, key.limits, heldSlots),
      },
    );
    return false;
  }

  const needed = valid.filter((p) => p.disposition.kind === 'ai').length;
  const account = key.user.quota;
  if (needed > 0 && account.available() < needed) {
    ledger.rejection('quota');
    const mode = ctx.deployment.quotaRemaining;
    const view = account.view(mode);
    // A gross deployment reports the same gross figure here as in GET quota, so its 429 may
    // show more remaining than was needed: tasks in flight hold the difference.
    const message =
      mode === 'gross'
        ? `Quota exhausted: ${needed} recognitions needed; tasks in progress may still use what is left.`
        : `Quota exhausted: ${view.remaining} recognitions remaining, ${needed} needed.`;
    ex.json(
      429,
      errorBody('quota_exhausted', message, {
        quota: { remaining: view.remaining, quota_summary_text: view.quota_summary_text },
      }),
      { 'Retry-After': String(account.secondsUntilRefill()) },
    );
    return false;
  }

  limiter.consumeSubmissions(key.key, units);
  return true;
}
