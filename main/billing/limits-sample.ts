// The sample behind Settings' plausibility limits (issue 33, item 6): the newest reading of each
// meter that has one, checked again under each profile exactly as the queue's checks would check
// it (checkPhoto with the meter's photos and history), nothing stored. Each answers where its
// consumption fell against its expectation and the band each profile allowed it, so the window
// draws the histogram and counts what either profile would flag without guessing at the rules.
import { checkPhoto } from '../../common/billing/photo-check';
import type { PlausibilityConfig } from '../../common/billing/plausibility-config';
import type { ProfileOf } from '../../common/billing/plausibility-profiles';
import type { ReadingCheck } from '../../common/billing/reading-check';
import type { LimitEdges, LimitReading } from '../../common/ipc/limits-views';
import type { JobRecord } from '../../common/job-record';
import type { Store } from '../store/store';
import { factsForReading, routeModelOf } from './history/route-history';

type Checked = { detail: ReadingCheck } | null;

function edgesOf(checked: Checked): { ratio: number; edges: LimitEdges } | null {
  const detail = checked?.detail;
  const band = detail?.band;
  if (!detail || !band || detail.consumption === null || band.expected <= 0) return null;
  const code = detail.flagged.find((r) => r.rule === 'high_low')?.code;
  return {
    ratio: detail.consumption / band.expected,
    edges: {
      low: band.lower / band.expected,
      high: band.upper / band.expected,
      verdict: code === 'high_low.high' ? 'high' : code === 'high_low.low' ? 'low' : 'within',
    },
  };
}

/**
 * The newest finished photo of each meter, newest first, at most `max` meters; `read` keeps every
 * photo it read, so a meter's photos are not read twice.
 */
function newestPhotos(store: Store, max: number, read: Map<number, JobRecord>): JobRecord[] {
  const seen = new Set<string>();
  const picked: JobRecord[] = [];
  const ids = store.meters.matchedIds();
  for (let i = ids.length - 1; i >= 0 && picked.length < max; i--) {
    const job = store.jobs.get(ids[i] ?? 0);
    if (job) read.set(job.id, job);
    if (job?.state !== 'done' || job.meterId === null || seen.has(job.meterId)) continue;
    seen.add(job.meterId);
    picked.push(job);
  }
  return picked;
}

/**
 * The readings with an expectation and some use (a zero is the zero rule's, not the band's), each
 * with its band under every configuration given; `first` names the one whose basis is reported.
 */
export function limitsSample(
  store: Store,
  configs: readonly (readonly [ProfileOf, PlausibilityConfig])[],
  max: number,
): LimitReading[] {
  const model = routeModelOf(store);
  const out: LimitReading[] = [];
  const read = new Map<number, JobRecord>();
  for (const job of newestPhotos(store, max, read)) {
    const meter = job.meterId === null ? undefined : store.meters.get(job.meterId);
    if (!meter) continue;
    const photos = store.meters
      .photoIdsOf(meter.meterId)
      .map((id) => read.get(id) ?? store.jobs.get(id))
      .filter((j): j is JobRecord => j !== undefined);
    const edges: Partial<Record<ProfileOf, LimitEdges>> = {};
    let ratio: number | null = null;
    let basis: LimitReading['basis'] = 'sheet';
    for (const [profile, config] of configs) {
      const checked = checkPhoto(
        meter,
        job,
        photos,
        config,
        // Read dates and codes are no part of the limits: the band alone is compared.
        { dateFlags: [], codeFlag: null },
        (from, at) => factsForReading(model, meter.meterId, from, at),
      );
      const fell = edgesOf(checked);
      if (fell === null) break;
      ratio ??= fell.ratio;
      basis = checked?.detail.basis ?? 'sheet';
      edges[profile] = fell.edges;
    }
    const { history, sap_bands } = edges;
    if (ratio === null || history === undefined || sap_bands === undefined) continue;
    out.push({ ratio, basis, edges: { ...edges, history, sap_bands } });
  }
  return out;
}
