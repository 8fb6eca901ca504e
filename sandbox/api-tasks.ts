// POST /api/open/tasks (4.3), GET /api/open/tasks/{id} (4.4), GET /api/open/tasks (4.5).

import { admit, prepareFiles } from './admission';
import type { SandboxContext } from './context';
import type { KeyRecord } from './keys';
import { checkListLimit, refuseListLimit } from './list-limit';
import { readUpload } from './multipart';
import { errorBody } from './responses';
import type { Exchange } from './responses';
import { creationView, listItemView, readView } from './task-views';
import { acceptedFiles } from './upload-errors';

export async function createTask(ctx: SandboxContext, ex: Exchange, key: KeyRecord): Promise<void> {
  const { maxFileBytes } = ctx.config;
  const upload = await readUpload(ex.req, {
    fileField: 'file',
    maxFiles: 1,
    maxFileBytes,
    maxTotalBytes: maxFileBytes,
    textFields: [],
  });
  const accepted = acceptedFiles(ctx, ex, upload, false);
  if (!accepted) return;
  const [file] = accepted.files;
  if (!file) {
    ex.fail({ status: 400, error: 'bad_request', message: 'Missing the file part "file".' });
    return;
  }
  const namespace = ctx.ai.namespace;
  const prepared = prepareFiles(ctx, [file], namespace);
  if (!admit(ctx, ex, key, prepared, 1)) return;
  const [p] = prepared;
  if (!p) return;
  const task = ctx.engine.create({
    key,
    sha256: p.sha256,
    namespace,
    fileName: file.fileName,
    batchId: null,
    given: p.given,
    disposition: p.disposition,
  });
  const view = creationView(task, ctx.ai.online);
  // A deployment that stamps creation answers before looking at the cache (spec 2.1: "a
  // just-created task carries false"); reads still tell the truth.
  if (ctx.deployment.creationIsLatest === 'always-false') view.is_latest_ai_version = false;
  ex.json(
    200,
    view,
    ctx.limiter.concurrencyHeaders(key.key, key.limits, ctx.faults.settings.heldSlots),
  );
}

export function getTask(
  ctx: SandboxContext,
  ex: Exchange,
  key: KeyRecord,
  params: readonly string[],
): void {
  const task = ctx.tasks.ownedBy(params[0] ?? '', key.user.email);
  if (!task) {
    ex.json(404, errorBody('not_found', 'Task not found.'));
    return;
  }
  ex.json(200, readView(task, ctx.ai.online));
}

export function listTasks(
  ctx: SandboxContext,
  ex: Exchange,
  key: KeyRecord,
  _params: readonly string[],
  url: URL,
): void {
  // A deployment whose list is broken or slow while everything else works (faults.ts).
  const { listErrorStatus, listDelayMs } = ctx.faults.settings;
  if (listDelayMs > 0) {
    ctx.ledger.fault('list_slow', 'GET', url.pathname);
    ex.slowMs += listDelayMs;
  }
  if (listErrorStatus > 0) {
    ctx.ledger.fault('list_error', 'GET', url.pathname);
    ex.json(listErrorStatus, errorBody('internal_error', 'The task list could not be read.'));
    return;
  }
  const raw = url.searchParams.get('limit');
  const checked = checkListLimit(raw, ctx.deployment.listLimit);
  if (!checked.ok) {
    refuseListLimit(ex, ctx.deployment.listLimit, raw ?? '', checked.problem);
    return;
  }
  const limit = checked.limit;
  const online = ctx.ai.online;
  const empty = ctx.config.emptyListSummaries;
  const items = ctx.tasks.recent(key.user.email, limit).map((t) => listItemView(t, online, empty));
  ex.json(200, { ok: true, items });
}
