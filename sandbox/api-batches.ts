// POST /api/open/batches (4.6) and GET /api/open/batches/{id} (4.7).

import { admit, prepareFiles } from './admission';
import type { SandboxContext } from './context';
import type { KeyRecord } from './keys';
import { readUpload } from './multipart';
import { errorBody } from './responses';
import type { Exchange } from './responses';
import type { BatchRecord } from './stores';
import { batchView } from './task-views';
import { acceptedFiles } from './upload-errors';

export const KNOWN_BUSINESSES = ['water_v3_meter', 'water_v3_foreign', 'cax'] as const;
export const FOREIGN_BUSINESS = 'water_v3_foreign';

/** The spec's values plus the deployment's own namespace (the default business). */
function isKnownBusiness(ctx: SandboxContext, business: string): boolean {
  return (
    (KNOWN_BUSINESSES as readonly string[]).includes(business) || business === ctx.ai.namespace
  );
}

export async function createBatch(
  ctx: SandboxContext,
  ex: Exchange,
  key: KeyRecord,
): Promise<void> {
  const { maxFileBytes, maxBatchBytes, batchMaxFiles } = ctx.config;
  const { service, foreignEnabled } = ctx.deployment;
  const upload = await readUpload(ex.req, {
    fileField: 'files',
    maxFiles: batchMaxFiles,
    maxFileBytes,
    maxTotalBytes: maxBatchBytes,
    textFields: ['business'],
  });
  const accepted = acceptedFiles(ctx, ex, upload, true);
  if (!accepted) return;

  // Missing or blank business: the deployment's namespace (water_v3_meter by default).
  const business = accepted.fields.get('business')?.trim() || ctx.ai.namespace;
  if (service === 'CAD') {
    ex.json(400, {
      detail: `Batch upload is not supported for business "${business}" on the CAD deployment; submit each image with POST /api/open/tasks.`,
    });
    return;
  }
  if (!isKnownBusiness(ctx, business)) {
    ex.fail({
      status: 400,
      error: 'unknown_business',
      message: `Unknown business "${business}".`,
      extra: { known: [...new Set([...KNOWN_BUSINESSES, ctx.ai.namespace])] },
      detail: `Unknown business '${business}'`,
    });
    return;
  }
  if (business === FOREIGN_BUSINESS && !foreignEnabled) {
    ex.fail({
      status: 409,
      error: 'business_disabled',
      message: `The foreign service ("${business}") is not enabled.`,
      detail: `Business '${business}' is not enabled on this deployment`,
    });
    return;
  }
  const files = accepted.files;
  if (files.length === 0) {
    ex.fail({
      status: 400,
      error: 'bad_request',
      message: 'A batch needs at least one file part "files".',
    });
    return;
  }

  const prepared = prepareFiles(ctx, files, business);
  if (!admit(ctx, ex, key, prepared, files.length)) return;

  const batchId = ctx.newBatchId();
  const tasks = prepared.map((p) =>
    ctx.engine.create({
      key,
      sha256: p.sha256,
      namespace: business,
      fileName: p.file.fileName,
      batchId,
      given: p.given,
      disposition: p.disposition,
    }),
  );
  const batch: BatchRecord = {
    id: batchId,
    email: key.user.email,
    key: key.key,
    business,
    createdAt: ctx.clock.now(),
    tasks,
  };
  ctx.batches.add(batch);
  ctx.ledger.batchCreated({
    batchId,
    key: key.key,
    email: batch.email,
    business,
    taskIds: tasks.map((t) => t.id),
    createdAt: batch.createdAt,
  });
  ex.json(
    200,
    batchView(batch),
    ctx.limiter.concurrencyHeaders(key.key, key.limits, ctx.faults.settings.heldSlots),
  );
}

export function getBatch(
  ctx: SandboxContext,
  ex: Exchange,
  key: KeyRecord,
  params: readonly string[],
): void {
  const batch = ctx.batches.ownedBy(params[0] ?? '', key.user.email);
  if (!batch) {
    ex.json(404, errorBody('not_found', 'Batch not found.'));
    return;
  }
  ex.json(200, batchView(batch));
}
