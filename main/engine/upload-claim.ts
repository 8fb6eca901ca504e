// Office mode in the upload step: before photos go, the office is asked whether another desk is
// sending them or has read them (through the port of common/claim-port.ts, which the office implements),
// so that a photo is paid for once in the office. Without an office the engine has no claim hook
// and nothing here runs or waits.
import type { JobRecord } from '../../common/job-record';
import { readingsChanged } from '../billing/routes';
import type { ClaimPhotos, PhotoToClaim, UploadVerdict } from '../../common/claim-port';
import type { EngineContext } from './context';

/** A photo without a SHA-256 cannot be claimed; the office is not asked about it. */
const UNASKED: UploadVerdict = { kind: 'send', claimed: true };

/**
 * The jobs of an upload the office lets this desk send. A photo another desk is sending goes back
 * to the queue, asked about again later, without spending an attempt; one read in the office takes
 * that reading, unsent. The whole unit is one question (issue 30: a question per photo queued on
 * the desk's two connections until the last ones ran out of time). The hook answers "send"
 * (unclaimed) only while the office is unreachable; a hook that fails keeps the photos back.
 */
export async function claimedForUpload(
  ctx: EngineContext,
  claim: ClaimPhotos,
  jobs: readonly JobRecord[],
): Promise<JobRecord[]> {
  const asked: PhotoToClaim[] = [];
  for (const j of jobs) if (j.sha256) asked.push({ sha256: j.sha256, fileName: j.relPath });
  // A hook that fails answers for none: the photos are asked about again, not sent unclaimed.
  const answers = asked.length > 0 ? await claim(asked).catch(() => []) : [];
  const bySha = new Map(asked.map((p, i) => [p.sha256, answers[i]]));
  const send: JobRecord[] = [];
  const taken: number[] = [];
  jobs.forEach((job) => {
    const verdict = job.sha256 ? bySha.get(job.sha256) : UNASKED;
    // The hook answers for every photo it is asked about; one it skipped is asked again soon
    // rather than sent unclaimed.
    if (!verdict) {
      ctx.store.jobs.waitForDesk(job.id, 'the office', ctx.now() + RECHECK_MISSING_MS);
      return;
    }
    if (verdict.kind === 'send') send.push(job);
    else if (verdict.kind === 'wait') {
      ctx.store.jobs.waitForDesk(job.id, verdict.desk, verdict.askAgainAt);
    } else taken.push(...ctx.store.jobs.takeOfficeReading(job.id, verdict));
  });
  if (taken.length > 0) {
    ctx.changed(taken);
    // The readings of these photos' meters are checked now, as for a reading of this desk's own.
    ctx.changed(readingsChanged(ctx.store, taken, new Date(ctx.now())));
  }
  return send;
}

/** How soon a photo the hook gave no answer for is asked about again. */
const RECHECK_MISSING_MS = 5_000;
