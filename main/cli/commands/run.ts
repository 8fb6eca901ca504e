import { parseArgs } from 'node:util';
import { quotaIsDaily } from '../../../common/quota-pools';
import { quotaWarningText } from '../../../common/quota-warning';
import type { BatchMode } from '../../../common/job';
import type { AddSummary } from '../../../common/engine-status';
import { jobText } from '../../../common/job-messages';
import type { SettleOutcome } from '../../engine/engine';
import { exportJobs } from '../../export/export-jobs';
import { openSession, type Session, type SessionOptions } from '../../actions/session';
import { QueueInUseError } from '../../store/queue-owner';
import { EXIT, UsageError } from '../exit-codes';
import { heldLines } from '../held-summary';
import type { CliIo } from '../output';
import { countsLine, dropLines, followProgress } from '../progress';
import { applyPhotoCheckPolicy } from '../../config/policy-presets';
import { resolveService, type ServiceChoice } from '../service';
import { csvOptions, CSV_FLAGS } from './csv-flags';
import { officeForRun } from './office';
import { OFFICE_FLAGS } from './office-connection';
import { applyRoutePlan, exportForBilling, ROUTE_FLAGS, routePlan } from './route-flags';

const BATCH_MODES: readonly BatchMode[] = ['auto', 'always', 'never'];

export const RUN_USAGE = `meter-desk run <folder|file>... [--export out.csv] [--base-url URL] [--business B]
    [--batch auto|always|never] [--db FILE] [--max-wait SECONDS] [--wait] [--no-bom] [--delimiter ';'] [--json]
    [--no-photo-checks] (sends photos the quality check would hold: too small, dark, overexposed, blurred)
    [--route sheet.csv|orders [--route-format sap-isu|neptune-imp|sensus-fixed|csv-passthrough|profile.json]
     [--mapping columns.json] [--pattern '{meter}_{date}.jpg'] [--template billing.json]
     [--camera-counters]] (with --route, --export writes the billing export: one row per meter; the sheet
    matches the photos of this run's folders only; --camera-counters: IMG_0042 may be meter 0042)
    [--office URL] [--desk NAME] (office mode: publish readings and decisions to the office's PostgreSQL;
    also METER_DESK_OFFICE_URL; the desk's name defaults to user@host)`;

export function describeAdd(s: AddSummary): string {
  const parts = [`${s.queued} photos queued`];
  if (s.reused) parts.push(`${s.reused} identical to photos already read`);
  if (s.known) parts.push(`${s.known} already in the list`);
  if (s.rejected) {
    const why = Object.entries(s.rejectedByKind)
      .map(([k, n]) => `${n} ${k.replace(/_/g, ' ')}`)
      .join(', ');
    parts.push(`${s.rejected} rejected (${why})`);
  }
  return parts.join(', ');
}

const OUTCOME_TEXT: Record<SettleOutcome, string> = {
  complete: 'Every file is final.',
  quota_exhausted:
    'Stopped: quota exhausted. The remaining photos stay queued; run again when quota returns.',
  key_rejected:
    'Stopped: the service rejected the API key. Run "meter-desk login" with a valid key.',
  permission_denied:
    'Stopped: the service denied permission (key scope, IP allowlist or inactive account).',
  settings: 'Stopped: the service refused a setting (see above).',
  offline_timeout:
    'Stopped: the service stayed unreachable longer than --max-wait. Queued photos are kept; run again later.',
};

export function exitCodeFor(outcome: SettleOutcome): number {
  if (outcome === 'complete') return EXIT.ok;
  if (outcome === 'key_rejected' || outcome === 'permission_denied') return EXIT.auth;
  if (outcome === 'settings') return EXIT.usage;
  return EXIT.incomplete;
}

const BUSY_RETRY_MS = 2_000;

/**
 * Opens the queue for this run. Another MeterDesk on it (the window, another run) stops the run
 * with a message naming it, or with --wait is waited for.
 */
async function openWhenFree(options: SessionOptions, wait: boolean, io: CliIo): Promise<Session> {
  for (let told = false; ; told = true) {
    try {
      return openSession(options);
    } catch (error) {
      if (!(error instanceof QueueInUseError) || !wait) throw error;
      if (!told) io.err(`${error.message}\nWaiting until it is free...\n`);
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
  }
}

/**
 * Opens the queue of `service` for a command (see openWhenFree); a sandbox the command started is
 * closed again when the queue cannot be had.
 */
export async function openForService(
  service: ServiceChoice,
  config: SessionOptions['config'],
  owner: string,
  how: { wait: boolean; io: CliIo; ownsSandbox: boolean },
): Promise<Session> {
  try {
    const session = await openWhenFree(
      {
        dbFile: service.dbFile,
        baseUrl: service.baseUrl,
        apiKey: service.apiKey,
        config,
        owner,
        ...(service.network && { network: service.network }),
      },
      how.wait,
      how.io,
    );
    if (service.policy) applyPhotoCheckPolicy(session.store.settings, service.policy);
    return session;
  } catch (error) {
    if (how.ownsSandbox) await service.sandbox?.close();
    throw error;
  }
}

/** Enqueue, process until every file is final (or the run is held), optionally export. */
export async function runCommand(
  argv: string[],
  io: CliIo,
  preset?: ServiceChoice,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      export: { type: 'string' },
      'base-url': { type: 'string' },
      business: { type: 'string' },
      batch: { type: 'string' },
      db: { type: 'string' },
      'max-wait': { type: 'string' },
      wait: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      'no-photo-checks': { type: 'boolean', default: false },
      ...CSV_FLAGS,
      ...ROUTE_FLAGS,
      ...OFFICE_FLAGS,
    },
  });
  if (positionals.length === 0) throw new UsageError(`Nothing to read.\nUsage: ${RUN_USAGE}`);
  const batch = (values.batch ?? 'auto') as BatchMode;
  if (!BATCH_MODES.includes(batch))
    throw new UsageError(`--batch must be one of ${BATCH_MODES.join(', ')}`);
  const maxWait = values['max-wait'] === undefined ? Infinity : Number(values['max-wait']);
  if (Number.isNaN(maxWait) || maxWait < 0)
    throw new UsageError('--max-wait takes a number of seconds');
  const csv = csvOptions(values);
  // Route sheet, mapping, pattern and template are checked before anything is sent.
  const plan = await routePlan(values);

  const service =
    preset ??
    (await resolveService({ baseUrl: values['base-url'], db: values.db }, io, {
      sandboxByDefault: true,
    }));
  const session = await openForService(
    service,
    {
      batchMode: batch,
      business: values.business ?? null,
      photoChecks: !values['no-photo-checks'],
    },
    'meter-desk run',
    { wait: values.wait, io, ownsSandbox: !preset },
  );
  // Office mode publishes through the queue's outbox and claims each photo before it is sent;
  // the engine never waits long for the office.
  const office = await officeForRun(values, session, io, values.json).catch(
    async (error: unknown) => {
      await session.close();
      if (!preset) await service.sandbox?.close();
      throw error;
    },
  );
  const stopProgress = values.json ? () => undefined : followProgress(session.engine, io);
  const onSignal = (): void => {
    io.err('\nInterrupted: stopping; queued photos are kept for the next run.\n');
    void session.close().then(() => process.exit(EXIT.incomplete));
  };
  process.once('SIGINT', onSignal);
  try {
    await applyRoutePlan(session.actions, plan, io, positionals);
    const added = await session.actions.addPhotos(positionals);
    for (const m of added.missing) io.err(`Cannot add ${m.path}: ${jobText(m.reason)}\n`);
    if (!values.json) io.err(`${describeAdd(added)}\n`);
    await session.engine.start();
    const { quotaWarning: warning, quota } = session.engine.status();
    const daily = quota === null || quotaIsDaily(quota);
    if (warning && !values.json) io.err(`Warning: ${quotaWarningText(warning, daily)}\n`);
    const outcome = await session.engine.waitSettled({ maxOfflineMs: maxWait * 1000 });
    await session.engine.stop();
    stopProgress();
    const counts = session.engine.status().counts;
    const held = {
      byReason: session.store.jobs.heldByReason(),
      quotaSaved: session.store.jobs.heldDistinctPhotos(),
    };
    const drops = added.rootIds.flatMap((id) => {
      const root = session.store.roots.get(id);
      return root ? [{ path: root.path, counts: session.store.jobs.counts(id) }] : [];
    });
    if (!values.json) {
      io.out(
        `${OUTCOME_TEXT[outcome]}\n${countsLine(counts)}\n${dropLines(drops)}${heldLines(held)}`,
      );
    }
    const billing = session.store.meters.count() > 0 && plan.route !== null;
    let exported: unknown = null;
    if (values.export && billing) {
      exported = await exportForBilling(
        session.store,
        values.export,
        plan.template,
        io,
        values.json,
      );
    } else if (values.export) {
      const photos = await exportJobs(session.store, {}, values.export, csv);
      exported = photos;
      if (!values.json) io.out(`Exported ${photos.rows} rows to ${photos.path}\n`);
    }
    if (values.json) {
      io.out(`${JSON.stringify({ outcome, counts, held, added, export: exported })}\n`);
    }
    return exitCodeFor(outcome);
  } finally {
    process.off('SIGINT', onSignal);
    stopProgress();
    await office?.finish(10_000);
    await session.close();
    if (!preset) await service.sandbox?.close();
  }
}
