// The chaos run: the sandbox in this process, the engine in a child process, and a seeded
// schedule of everything that goes wrong in the field: injected 5xx, dropped connections, slow
// answers and HTML proxy pages on every request, spans of network loss and AI outage, AI version
// bumps, quota running out and coming back, and SIGKILLs of the engine at random moments followed
// by a restart. At the end the queue is audited against the photos on disk and the service's
// ledger (see audit.ts) and the figures are printed.
//
//   npm run chaos                      # long run: 2,000 photos, random seed (printed)
//   npm run chaos -- --seed 7          # replay a seed
//   npm run chaos:quick                # the small run the test suite does
//   flags: --seed N --photos N --quick --keep (leave the work folder) --json
//          --deployment NAME (a sandbox deployment profile, e.g. small-batches)
import { randomInt } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { openStore } from '../../main/store/store';
import {
  createSandbox,
  isDeploymentProfile,
  PROFILE_NAMES,
  type DeploymentProfile,
  type LedgerCounts,
  type Sandbox,
} from '../../sandbox';
import { deriveSeed } from '../../sandbox/samples/random';
import { generateSampleFolder, type SampleManifest } from '../../sandbox/samples';
import { audit, type Audit } from './audit';
import { LONG, QUICK, type ChaosProfile } from './chaos-config';
import { EngineProcess } from './engine-process';
import { startIntruder } from './intruder';
import { cutOffUploads, queueCounts, type QueueCounts } from './queue-probe';
import { makePlan, type KillPoint } from './schedule';

export const CHAOS_KEY = 'md_chaos_key_5f0c2a9e7b41';
const PLENTY = 10_000_000;

export interface ChaosOptions {
  readonly seed: number;
  readonly profile: ChaosProfile;
  /** Overrides the profile's number of distinct photos. */
  readonly photos?: number;
  /** Keep the work folder (queue, photos, engine log) for a post-mortem. */
  readonly keep?: boolean;
  /** A deployment profile of the sandbox (sandbox/profiles.ts) other than its own reading. */
  readonly deployment?: DeploymentProfile;
  /** Progress lines; silent by default. */
  readonly log?: (line: string) => void;
}

export interface ChaosReport {
  readonly seed: number;
  readonly profile: string;
  readonly replay: string;
  readonly workDir: string;
  readonly durationMs: number;
  readonly ticks: number;
  readonly photos: SampleManifest['counts'] & { files: number };
  readonly kills: number;
  /** Kills after which at least one upload was found cut off. */
  readonly killsInsideUpload: number;
  /** Uploads (images) cut off by kills, summed over kills. */
  readonly cutOffUploads: number;
  readonly restarts: number;
  readonly deployment: DeploymentProfile;
  /** Second processes started on the queue while the engine worked, and how they ended. */
  readonly intruders: {
    readonly started: number;
    readonly refused: number;
    readonly other: readonly string[];
  };
  readonly crashes: readonly string[];
  readonly engineInternalErrors: readonly string[];
  readonly injected: {
    readonly faults: LedgerCounts['faults'];
    readonly networkDownSpans: number;
    readonly aiOfflineSpans: number;
    readonly versionBumps: number;
    readonly quotaExhaustions: number;
  };
  readonly service: {
    readonly requests: number;
    readonly tasksCreated: number;
    readonly batchesCreated: number;
    readonly internalErrors: number;
    readonly byStatus: LedgerCounts['byStatus'];
  };
  /** 429s the key's own limits gave (never injected): the client's pacing missed. */
  readonly pacing429: {
    readonly request: number;
    readonly submission: number;
    readonly concurrency: number;
  };
  readonly quota429: number;
  /** Tasks a restart on a finished queue created (must be none). */
  readonly idleRestartTasks: number;
  /** True when the run had to be calmed by the safety net before everything was final. */
  readonly hitSafetyNet: boolean;
  readonly audit: Audit;
}

/** Every property the run must hold; empty when it held. */
export function violations(r: ChaosReport): string[] {
  const out: string[] = [];
  const a = r.audit;
  if (a.lost.length) out.push(`files lost: ${a.lost.length}: ${a.lost.slice(0, 5).join(' | ')}`);
  if (a.wrongReadings.length)
    out.push(
      `readings wrong: ${a.wrongReadings.length}: ${a.wrongReadings.slice(0, 5).join(' | ')}`,
    );
  if (a.misjudged.length)
    out.push(`files misjudged: ${a.misjudged.length}: ${a.misjudged.slice(0, 5).join(' | ')}`);
  if (a.quota.overcharged.length)
    out.push(`quota over-charged: ${a.quota.overcharged.slice(0, 5).join(' | ')}`);
  if (a.stuck.length) out.push(`stuck jobs: ${a.stuck.length}: ${a.stuck.slice(0, 5).join(' | ')}`);
  if (r.crashes.length) out.push(`engine crashed ${r.crashes.length}x: ${r.crashes[0] ?? ''}`);
  if (r.engineInternalErrors.length)
    out.push(`engine internal errors: ${r.engineInternalErrors.slice(0, 3).join(' | ')}`);
  if (r.service.internalErrors) out.push(`sandbox internal errors: ${r.service.internalErrors}`);
  if (r.idleRestartTasks)
    out.push(`a restart on a finished queue created ${r.idleRestartTasks} tasks`);
  if (a.files !== a.jobs) out.push(`${a.files} files on disk but ${a.jobs} jobs`);
  if (r.intruders.other.length)
    out.push(`a second process on the queue was not refused: ${r.intruders.other[0] ?? ''}`);
  return out;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function finalShare(c: QueueCounts, files: number): number {
  return files === 0 ? 1 : (c.done + c.failed + c.rejected) / files;
}

interface Span {
  left: number;
}

/**
 * A profile for more (or fewer) photos: the time to settle grows with the photos left when the
 * chaos ends, and the chaos itself lasts longer too (at most 2.5 times), so faults reach well into
 * a long run; a 10,000-photo run on the 2,000-photo profile once ran out of settling time at 94 %.
 */
export function scaledTo(profile: ChaosProfile, photos: number): ChaosProfile {
  const factor = photos / profile.photos;
  return {
    ...profile,
    photos,
    maxChaosTicks: Math.round(profile.maxChaosTicks * Math.min(2.5, Math.max(1, factor))),
    settleBudgetMs: Math.round(profile.settleBudgetMs * Math.max(1, factor)),
  };
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { seed } = options;
  const profile = options.photos ? scaledTo(options.profile, options.photos) : options.profile;
  const started = Date.now();
  const workDir = mkdtempSync(path.join(tmpdir(), `meterdesk-chaos-${seed}-`));
  const photosDir = path.join(workDir, 'photos');
  const dbFile = path.join(workDir, 'queue.sqlite');
  const logFile = path.join(workDir, 'engine.log');
  /** What the run did, interleaved with the engine's own log lines (kept with --keep). */
  const event = (line: string): void => {
    appendFileSync(logFile, `chaos +${Date.now() - started}ms ${line}\n`);
  };
  const log = (line: string): void => {
    event(line);
    options.log?.(line);
  };
  let sandbox: Sandbox | null = null;
  let engine: EngineProcess | null = null;
  try {
    log(
      `generating ${profile.photos} photos (+${profile.duplicates} copies, bad files) in ${photosDir}`,
    );
    const manifest = await generateSampleFolder(photosDir, {
      count: profile.photos,
      seed: deriveSeed(seed, 'photos'),
      includeBadFiles: true,
      duplicates: profile.duplicates,
      width: 160,
    });
    const files = manifest.files.filter((f) => f.expected.outcome !== 'skipped').length;
    const deployment = options.deployment ?? 'default';
    sandbox = await createSandbox({
      profile: deployment,
      seed,
      windowMs: profile.limits.windowMs,
      ai: { ...profile.ai },
      keys: [
        {
          key: CHAOS_KEY,
          requestsPerWindow: profile.limits.requestsPerWindow,
          submissionsPerWindow: profile.limits.submissionsPerWindow,
          concurrency: profile.limits.concurrency,
          user: { dailyQuota: PLENTY },
        },
      ],
    });
    const sb = sandbox;
    const control = sb.control;
    const baseline = {
      errorRate: profile.faults.errorRate,
      dropRate: profile.faults.dropRate,
      htmlErrorRate: profile.faults.htmlErrorRate,
      slowRate: profile.faults.slowRate,
      slowMs: profile.faults.slowMs[0],
    };
    control.setFaults(baseline);
    const proc = new EngineProcess({
      dbFile,
      baseUrl: sb.url,
      apiKey: sb.apiKey,
      photos: photosDir,
      logFile,
    });
    engine = proc;

    const plan = makePlan(seed, profile);
    const kills = [...plan.kills];
    const quotaEpisodes = [...plan.quota];
    const cutOff = new Map<string, number>();
    let killCount = 0;
    let killsInsideUpload = 0;
    let cutOffTotal = 0;
    let netSpans = 0;
    let aiSpans = 0;
    let bumps = 0;
    let quotaExhaustions = 0;
    let net: Span | null = null;
    let ai: Span | null = null;
    let quotaHold: Span | null = null;
    let restartAt: number | null = null;
    let calm = false;
    let hitSafetyNet = false;
    const intruderAt = Array.from(
      { length: profile.intruders },
      (_, i) => (i + 1) / (profile.intruders + 1),
    );
    // Set and cleared by the intruder's own callbacks: held in an object the checks read through.
    const intruder: { running: Promise<void> | null } = { running: null };
    let intrudersStarted = 0;
    let intrudersRefused = 0;
    const intruderOther: string[] = [];
    const intrude = (): void => {
      intrudersStarted++;
      const tasksBefore = sb.ledger.counts().tasksCreated;
      event(`second process started on the queue (${intrudersStarted})`);
      intruder.running = startIntruder({
        dbFile,
        baseUrl: sb.url,
        apiKey: sb.apiKey,
        photos: photosDir,
      })
        .then((out) => {
          // Exit 5 and the owner named. (Tasks the engine itself made meanwhile are not counted
          // against it; a second writer would show as an over-charge or a lost file in the audit.)
          if (out.code === 5 && /in use by/.test(out.stderr)) intrudersRefused++;
          else intruderOther.push(`exit ${String(out.code)}: ${out.stderr.slice(0, 300)}`);
          event(
            `second process ended: exit ${String(out.code)} (${sb.ledger.counts().tasksCreated - tasksBefore} tasks created meanwhile, by the engine)`,
          );
        })
        .finally(() => {
          intruder.running = null;
        });
    };
    let lastReport = 0;

    const heal = (): void => {
      control.clearFaults();
      control.setNetworkDown(false);
      control.setAiOnline(true);
      control.setQuota({ dailyLimit: PLENTY });
      net = ai = quotaHold = null;
    };

    /** True when the kill happened (the child may have just finished on its own). */
    const killNow = async (why: string): Promise<boolean> => {
      const exit = await proc.kill();
      if (exit?.kind !== 'killed') return false;
      killCount++;
      const shas = cutOffUploads(dbFile);
      if (shas.length) {
        killsInsideUpload++;
        cutOffTotal += shas.length;
        for (const sha of shas) cutOff.set(sha, (cutOff.get(sha) ?? 0) + 1);
      }
      log(`kill ${killCount} (${why}): ${shas.length} uploads cut off`);
      return true;
    };

    /** Waits (briefly, polling the queue) for an upload in flight, then kills. */
    const killInUpload = async (): Promise<boolean> => {
      for (let i = 0; i < 300 && proc.running; i++) {
        if (queueCounts(dbFile).uploading > 0) break;
        await sleep(5);
      }
      return killNow('in an upload');
    };

    proc.start();
    let tick = 0;
    let calmSince = 0;
    for (; ; tick++) {
      const draw = plan.tick();
      const counts = queueCounts(dbFile);
      const share = finalShare(counts, files);

      if (!proc.running && restartAt === null) {
        const exit = await proc.waitExit();
        if (exit?.kind === 'finished') break;
        // A crash is recorded (and fails the run); the engine is started again like after a kill.
        restartAt = tick + plan.restartDelay();
      }

      // Kills and quota episodes are placed at points of progress: on a slow (busy) machine the
      // ticks run out before progress gets there, so the chaos goes on until they have happened,
      // up to four times as long.
      const planned = kills.length + quotaEpisodes.length;
      const chaosOver = tick >= profile.maxChaosTicks * (planned > 0 ? 4 : 1);
      if (!calm && chaosOver) {
        calm = true;
        hitSafetyNet = share < 1;
        calmSince = Date.now();
        heal();
        log('chaos over: every fault healed');
      }

      if (!calm) {
        // Network and AI spans.
        if (net) {
          if (--net.left <= 0) {
            control.setNetworkDown(false);
            net = null;
            event('network up');
          }
        } else if (
          draw.netStart < profile.networkDown.chance ||
          (netSpans === 0 && tick >= plan.firstNetworkDownTick)
        ) {
          net = { left: draw.netTicks };
          netSpans++;
          control.setNetworkDown(true);
          event(`network down for ${draw.netTicks} ticks`);
        }
        if (ai) {
          if (--ai.left <= 0) {
            control.setAiOnline(true);
            ai = null;
            event('AI online');
          }
        } else if (
          draw.aiStart < profile.aiOffline.chance ||
          (aiSpans === 0 && tick >= plan.firstAiOfflineTick)
        ) {
          ai = { left: draw.aiTicks };
          aiSpans++;
          control.setAiOnline(false);
          event(`AI offline for ${draw.aiTicks} ticks`);
        }
        if (draw.bump < profile.versionBumpChance || (bumps === 0 && tick >= plan.firstBumpTick)) {
          event(`AI version now ${control.bumpAiVersion()}`);
          bumps++;
        }
        if (draw.vary < 0.05)
          control.setFaults({ slowMs: draw.slowMs, errorStatus: draw.errorStatus });

        // Quota: runs out at a point of progress, comes back after a span.
        if (quotaHold) {
          if (--quotaHold.left <= 0) {
            control.setQuota({ dailyLimit: PLENTY });
            quotaHold = null;
            event('quota restored');
          }
        } else {
          const next = quotaEpisodes[0];
          if (next && share >= next.at) {
            quotaEpisodes.shift();
            const used = control.state().users[0]?.quota.used ?? 0;
            control.setQuota({ dailyLimit: used + next.leftOver });
            quotaHold = { left: next.holdTicks };
            quotaExhaustions++;
            event(`quota runs out (${next.leftOver} left) for ${next.holdTicks} ticks`);
          }
        }

        // A second process, while the engine has the queue (never around a kill: a queue whose
        // owner is gone may rightly be taken over).
        const nextIntruder = intruderAt[0];
        if (
          nextIntruder !== undefined &&
          share >= nextIntruder &&
          proc.running &&
          intruder.running === null &&
          restartAt === null
        ) {
          intruderAt.shift();
          intrude();
        }

        // Kills (held back while a second process is starting).
        if (proc.running && intruder.running === null) {
          const point: KillPoint | undefined = kills[0];
          const due =
            point !== undefined && share >= point.at && (point.at > 0 || counts.total > 0);
          if (due) {
            kills.shift();
            const killed =
              point.mode === 'in_upload'
                ? await killInUpload()
                : await killNow(point.at === 0 ? 'while scanning' : 'at a random moment');
            if (killed) restartAt = tick + plan.restartDelay();
          } else if (
            draw.kill < profile.randomKillChance &&
            (await killNow('at a random moment'))
          ) {
            restartAt = tick + plan.restartDelay();
          }
        }
      } else if (Date.now() - calmSince > profile.settleBudgetMs) {
        // Safety net, not a measurement: the audit below reports what is still not final.
        log('the engine did not finish after the chaos ended; stopping it');
        await proc.kill();
        break;
      }

      if (restartAt !== null && tick >= restartAt && !proc.running) {
        restartAt = null;
        proc.start();
      }
      if (Date.now() - lastReport > 5_000) {
        lastReport = Date.now();
        log(
          `tick ${tick}: ${Math.round(share * 100)}% final (done ${counts.done}, failed ${counts.failed}, ` +
            `rejected ${counts.rejected}, queued ${counts.queued}, in flight ${counts.uploading + counts.submitted}), ` +
            `kills ${killCount}`,
        );
      }
      await sleep(profile.tickMs);
    }
    heal();
    await intruder.running;

    // A restart on a finished queue must find nothing to do and create nothing.
    const tasksBefore = sb.ledger.counts().tasksCreated;
    proc.start();
    await proc.waitExit();
    const idleRestartTasks = sb.ledger.counts().tasksCreated - tasksBefore;

    if (options.keep)
      writeFileSync(path.join(workDir, 'ledger.json'), JSON.stringify(sb.ledger.snapshot()));
    const store = openStore(dbFile);
    let result: Audit;
    try {
      result = audit({ store, manifest, ledger: sb.ledger, cutOff });
    } finally {
      store.close();
    }
    const counts = sb.ledger.counts();
    return {
      seed,
      profile: profile.name,
      replay: `npm run chaos -- --seed ${seed}${profile.name === 'quick' ? ' --quick' : ''}${options.photos ? ` --photos ${options.photos}` : ''}${deployment === 'default' ? '' : ` --deployment ${deployment}`}`,
      workDir,
      durationMs: Date.now() - started,
      ticks: tick,
      photos: { ...manifest.counts, files },
      kills: killCount,
      killsInsideUpload,
      cutOffUploads: cutOffTotal,
      restarts: proc.starts - 1,
      deployment,
      intruders: { started: intrudersStarted, refused: intrudersRefused, other: intruderOther },
      crashes: proc.crashes,
      engineInternalErrors: proc.internalErrors,
      injected: {
        faults: counts.faults,
        networkDownSpans: netSpans,
        aiOfflineSpans: aiSpans,
        versionBumps: bumps,
        quotaExhaustions,
      },
      service: {
        requests: counts.requests,
        tasksCreated: counts.tasksCreated,
        batchesCreated: counts.batchesCreated,
        internalErrors: counts.internalErrors,
        byStatus: counts.byStatus,
      },
      pacing429: {
        request: counts.rejected429.request,
        submission: counts.rejected429.submission,
        concurrency: counts.rejected429.concurrency,
      },
      quota429: counts.rejected429.quota,
      idleRestartTasks,
      hitSafetyNet,
      audit: result,
    };
  } finally {
    await engine?.kill();
    await sandbox?.close();
    if (!options.keep) rmSync(workDir, { recursive: true, force: true });
  }
}

/** The figures, as printed at the end of every run and recorded in docs/reliability.md. */
export function formatReport(r: ChaosReport): string {
  const a = r.audit;
  const f = r.injected.faults;
  const kinds = Object.entries(a.failedByKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  const lines = [
    `MeterDesk chaos run (${r.profile}), seed ${r.seed}, deployment profile ${r.deployment}`,
    `  replay:            ${r.replay}`,
    `  photos:            ${r.photos.files} files scanned (${r.photos.accepted} photos incl. ${r.photos.duplicates} byte-identical copies, ${r.photos.rejected} bad files), ${r.photos.skipped} OS junk files skipped`,
    `  duration:          ${(r.durationMs / 1000).toFixed(1)} s, ${r.ticks} ticks`,
    `  engine kills:      ${r.kills} SIGKILLs, ${r.restarts} restarts; ${r.killsInsideUpload} kills landed inside an upload (${r.cutOffUploads} uploads cut off)`,
    `  injected:          ${f.error5xx} 5xx, ${f.drop} dropped connections, ${f.html_error} HTML proxy pages, ${f.slow} slow answers, ${f.network_down} requests refused during ${r.injected.networkDownSpans} network-down spans`,
    `                     ${r.injected.aiOfflineSpans} AI-offline spans, ${r.injected.versionBumps} AI version bumps, ${r.injected.quotaExhaustions} quota exhaustions (then restored)`,
    `  service:           ${r.service.requests} requests served, ${r.service.tasksCreated} tasks and ${r.service.batchesCreated} batches created`,
    `  files lost:        ${a.lost.length}`,
    `  readings wrong:    ${a.wrongReadings.length} (of ${a.done} readings, checked against the photo and the service's ledger)`,
    `  quota charged:     ${a.quota.totalCharges} charges for ${a.quota.distinctCharged} distinct images; ${a.quota.extraCharges} extra, all explained by kills inside uploads: ${a.quota.overcharged.length === 0 ? 'yes' : `NO (${a.quota.overcharged.length} images over-charged)`}`,
    `                     extra charges by cause: ${a.quota.extraCauses.version_bump} AI version bumped between the cut-off task and the resend, ${a.quota.extraCauses.overlap} resent while the cut-off task was still in progress, ${a.quota.extraCauses.other} other`,
    `  stuck jobs:        ${a.stuck.length}`,
    `  429s from pacing:  ${r.pacing429.request + r.pacing429.submission + r.pacing429.concurrency} (request ${r.pacing429.request}, submission ${r.pacing429.submission}, concurrency ${r.pacing429.concurrency}); quota 429s from the injected exhaustions: ${r.quota429}`,
    `  outcome:           ${a.done} done (${a.toReview} flagged for review), ${a.failed} failed with a reason${kinds ? ` (${kinds})` : ''}, ${a.rejected} rejected with a reason`,
    `  idle restart:      ${r.idleRestartTasks} tasks created by a restart on the finished queue`,
    `  second processes:  ${r.intruders.started} started on the queue while the engine worked, ${r.intruders.refused} refused naming the owner`,
  ];
  if (r.hitSafetyNet) lines.push('  NOTE: the chaos budget ran out before every file was final');
  const v = violations(r);
  lines.push(v.length ? `  FAILED:\n    ${v.join('\n    ')}` : '  all properties held');
  return lines.join('\n');
}

async function cli(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      seed: { type: 'string' },
      photos: { type: 'string' },
      quick: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      deployment: { type: 'string' },
    },
  });
  const deployment = values.deployment ?? 'default';
  if (!isDeploymentProfile(deployment))
    throw new Error(`--deployment must be one of ${PROFILE_NAMES.join(', ')}`);
  const seed = values.seed === undefined ? randomInt(1, 2 ** 31 - 1) : Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed takes a whole number');
  const photos = values.photos === undefined ? undefined : Number(values.photos);
  if (photos !== undefined && (!Number.isInteger(photos) || photos < 1))
    throw new Error('--photos takes a whole number');
  const profile = values.quick ? QUICK : LONG;
  process.stderr.write(`chaos seed ${seed} (replay with --seed ${seed})\n`);
  const report = await runChaos({
    seed,
    profile,
    ...(photos ? { photos } : {}),
    deployment,
    keep: values.keep,
    log: (line) => process.stderr.write(`  ${line}\n`),
  });
  process.stdout.write(
    values.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`,
  );
  if (values.keep) process.stdout.write(`  work folder kept: ${report.workDir}\n`);
  return violations(report).length ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  cli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
