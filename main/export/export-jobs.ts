// The queue's jobs as billing export records, streamed into the CSV writer.
import { billedReading } from '../../common/billing/billed-reading';
import type { JobRecord, RootRecord } from '../../common/job-record';
import { jobText } from '../../common/job-messages';
import type { JobQuery } from '../store/job-query';
import type { Store } from '../store/store';
import type { ExportRecord } from './columns';
import { exportCsv, type ExportOptions, type ExportResult } from './export';

export function toExportRecord(
  job: JobRecord,
  root: RootRecord | undefined,
  extra: {
    copyOf: string | null;
    registerDecimals: number | null;
    photoCodes?: readonly string[];
  } = {
    copyOf: null,
    registerDecimals: null,
  },
): ExportRecord {
  return {
    rootPath: root?.path ?? '',
    relPath: job.relPath,
    state: job.state,
    billedReading: billedReading(job),
    aiReading: job.aiReading,
    reviewAction: job.reviewAction,
    resultSource: job.resultSource,
    toReview: job.toReview,
    meterType: job.meterType,
    taskId: job.taskId,
    batchId: job.batchId,
    // The CSV says MeterDesk's sentences in English, from their templates.
    errorMessage: job.errorMessage === null ? null : jobText(job.errorMessage),
    sha256: job.sha256,
    createdAt: job.remoteCreatedAt,
    finishedAt: job.finishedAt,
    aiVersion: job.aiVersion,
    copyOf: extra.copyOf,
    meterId: job.meterId,
    readAt: job.readAt,
    registerDecimals: extra.registerDecimals,
    photoCodes: extra.photoCodes ?? [],
  };
}

/** Streams the jobs a query selects into a CSV file. */
export async function exportJobs(
  store: Store,
  query: JobQuery,
  outPath: string,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const roots = new Map(store.roots.list().map((r) => [r.id, r]));
  const decimals = new Map<string, number | null>();
  const registerDecimals = (meterId: string | null): number | null => {
    if (meterId === null) return null;
    if (!decimals.has(meterId))
      decimals.set(meterId, store.meters.get(meterId)?.registerDecimals ?? null);
    return decimals.get(meterId) ?? null;
  };
  function* records(): Generator<ExportRecord> {
    for (const job of store.queries.iterate(query)) {
      yield toExportRecord(job, roots.get(job.rootId), {
        copyOf: store.jobs.copyOf(job),
        registerDecimals: registerDecimals(job.meterId),
        photoCodes: store.jobs.photoCodes(job.id).map((c) => c.text),
      });
    }
  }
  return exportCsv(records(), outPath, options);
}
