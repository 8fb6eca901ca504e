// The end of a chaos run: what the queue says, compared with what is on disk (the sample manifest)
// and with what the service did (the sandbox ledger).
import type { JobRecord } from '../../common/job-record';
import type { SandboxLedger } from '../../sandbox';
import type { SampleManifest } from '../../sandbox/samples';
import type { Store } from '../../main/store/store';
import { jobText } from '../../common/job-messages';

export interface AuditInput {
  readonly store: Store;
  readonly manifest: SampleManifest;
  readonly ledger: SandboxLedger;
  /** sha256 -> kills that cut off an upload of that image. */
  readonly cutOff: ReadonlyMap<string, number>;
}

export interface QuotaFigures {
  /** Distinct images the service read fresh at least once. */
  readonly distinctCharged: number;
  readonly totalCharges: number;
  /** Charges beyond one per image that ended with a reading. */
  readonly extraCharges: number;
  /** Extra charges the kills allow: one per kill that cut off an upload of that image. */
  readonly allowedExtras: number;
  /** Images charged more often than the kills explain. */
  readonly overcharged: readonly string[];
  /**
   * Why each extra charge happened, from the ledger: `version_bump` (the photo's first task was
   * read under an AI version that was no longer current when it was sent again), `overlap` (sent
   * again while its first task was still in progress, e.g. waiting for the AI), `other`.
   */
  readonly extraCauses: Readonly<Record<'version_bump' | 'overlap' | 'other', number>>;
}

export interface Audit {
  readonly files: number;
  readonly jobs: number;
  readonly done: number;
  readonly failed: number;
  readonly rejected: number;
  readonly toReview: number;
  readonly failedByKind: Readonly<Record<string, number>>;
  /** Files that did not end done, failed with a reason, or rejected with a reason. */
  readonly lost: readonly string[];
  /** Files whose verdict contradicts what they are (a bad file read, a good photo rejected). */
  readonly misjudged: readonly string[];
  /** Done jobs whose reading differs from the photo's or from the service's ledger. */
  readonly wrongReadings: readonly string[];
  readonly stuck: readonly string[];
  readonly quota: QuotaFigures;
}

const FINAL = new Set(['done', 'failed', 'rejected']);

function describe(j: JobRecord): string {
  return `${j.relPath} [${j.state}${j.failureKind ? `/${j.failureKind}` : ''}] ${j.errorMessage ? jobText(j.errorMessage) : ''}`.trim();
}

export function audit(input: AuditInput): Audit {
  const { store, manifest, ledger, cutOff } = input;
  const jobs = [...store.queries.iterate({})];
  const byRel = new Map(jobs.map((j) => [j.relPath, j]));
  const lost: string[] = [];
  const misjudged: string[] = [];
  const wrongReadings: string[] = [];
  const scanned = manifest.files.filter((f) => f.expected.outcome !== 'skipped');

  for (const f of scanned) {
    const job = byRel.get(f.relPath);
    if (!job) {
      lost.push(`${f.relPath}: never recorded`);
      continue;
    }
    const explained =
      (job.state === 'done' && job.aiReading !== null) ||
      ((job.state === 'failed' || job.state === 'rejected') &&
        !!job.errorMessage &&
        jobText(job.errorMessage).trim() !== '');
    if (!explained) lost.push(describe(job));
    if (f.expected.outcome === 'rejected' && job.state !== 'rejected')
      misjudged.push(describe(job));
    if (f.expected.outcome === 'accepted' && job.state === 'rejected')
      misjudged.push(describe(job));
    if (job.state === 'done') {
      const task = job.taskId ? ledger.task(job.taskId) : undefined;
      const why: string[] = [];
      if (job.aiReading !== f.reading) why.push(`photo says ${String(f.reading)}`);
      if (!task) why.push(`task ${String(job.taskId)} unknown to the service`);
      else {
        if (task.finalReading !== job.aiReading) why.push(`service says ${task.finalReading}`);
        if (task.sha256 !== job.sha256) why.push('the task is for another image');
      }
      if (why.length)
        wrongReadings.push(`${job.relPath}: stored ${String(job.aiReading)}; ${why.join('; ')}`);
    }
  }
  const known = new Set(scanned.map((f) => f.relPath));
  for (const j of jobs) if (!known.has(j.relPath)) misjudged.push(`unexpected job ${describe(j)}`);

  const stuck = jobs.filter((j) => !FINAL.has(j.state)).map(describe);

  // Quota: one fresh charge per image that ended with a reading, plus what kills explain.
  const charges = ledger.quotaCharges();
  const readShas = new Set(jobs.filter((j) => j.state === 'done').map((j) => j.sha256));
  const acceptedShas = new Set(jobs.map((j) => j.sha256).filter((s): s is string => s !== null));
  const overcharged: string[] = [];
  let total = 0;
  let extra = 0;
  let allowed = 0;
  for (const [sha, n] of Object.entries(charges)) {
    total += n;
    const base = readShas.has(sha) ? 1 : 0;
    const allowance = cutOff.get(sha) ?? 0;
    allowed += Math.min(allowance, Math.max(0, n - base));
    extra += Math.max(0, n - base);
    if (!acceptedShas.has(sha))
      overcharged.push(`${sha}: charged ${n} but no such photo was added`);
    else if (n - base > allowance)
      overcharged.push(`${sha}: charged ${n}, kills cut off ${allowance} of its uploads`);
  }
  const extraCauses = { version_bump: 0, overlap: 0, other: 0 };
  const charged = ledger.tasks().filter((t) => t.quotaCharged);
  for (const [sha, n] of Object.entries(charges)) {
    if (n < 2) continue;
    const runs = charged
      .filter((t) => t.sha256 === sha)
      .sort((x, y) => x.createdAt.localeCompare(y.createdAt));
    for (let i = 1; i < runs.length; i++) {
      const before = runs[i - 1];
      const after = runs[i];
      if (!before || !after) continue;
      if (before.aiVersion !== after.aiVersion) extraCauses.version_bump++;
      else if ((before.finishedAt ?? '') > after.createdAt) extraCauses.overlap++;
      else extraCauses.other++;
    }
  }
  for (const sha of readShas) {
    if (sha && !(sha in charges))
      overcharged.push(`${sha}: read but never charged (ledger mismatch)`);
  }

  const count = (s: string): number => jobs.filter((j) => j.state === s).length;
  const failedByKind: Record<string, number> = {};
  for (const j of jobs) {
    if (j.state !== 'failed') continue;
    const k = j.failureKind ?? 'unknown';
    failedByKind[k] = (failedByKind[k] ?? 0) + 1;
  }
  return {
    files: scanned.length,
    jobs: jobs.length,
    done: count('done'),
    failed: count('failed'),
    rejected: count('rejected'),
    toReview: jobs.filter((j) => j.toReview).length,
    failedByKind,
    lost,
    misjudged,
    wrongReadings,
    stuck,
    quota: {
      distinctCharged: Object.keys(charges).length,
      totalCharges: total,
      extraCharges: extra,
      allowedExtras: allowed,
      overcharged,
      extraCauses,
    },
  };
}
