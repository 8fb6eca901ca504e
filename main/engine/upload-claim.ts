// Office mode in the upload step: before photos go, the office is asked whether another desk is
// sending them or has read them (main/office/claim-gate.ts), so that a photo is paid for once in
// the office. Without an office the engine has no claim hook and nothing here runs or waits.
import type { JobRecord } from '../../common/job-record';
import { readingsChanged } from '../billing/routes';
import type { ClaimPhoto, UploadVerdict } from '../office/claim-gate';
import type { EngineContext } from './context';

const SEND: UploadVerdict = { kind: 'send' };

/**
 * The jobs of an upload the office lets this desk send. A photo another desk is sending goes back
 * to the queue, asked about again later, without spending an attempt; one read in the office takes
 * that reading, unsent. The hook answers "send" while the office is unreachable.
 */
export async function claimedForUpload(
  ctx: EngineContext,
  claim: ClaimPhoto,
  jobs: readonly JobRecord[],
): Promise<JobRecord[]> {
  const verdicts = await Promise.all(
    jobs.map((j) =>
      j.sha256
        ? claim({ sha256: j.sha256, fileName: j.relPath }).catch(() => SEND)
        : Promise.resolve(SEND),
    ),
  );
  const send: JobRecord[] = [];
  const taken: number[] = [];
  jobs.forEach((job, i) => {
    const verdict = verdicts[i] ?? SEND;
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
