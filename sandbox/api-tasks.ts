// POST /api/open/tasks (4.3), GET /api/open/tasks/{id} (4.4), GET /api/open/tasks (4.5).

import { admit, prepareFiles } from './admission';
import type { SandboxContext } from './context';
import type { KeyRecord } from './keys';
import { readUpload } from './multipart';
import { errorBody } from './responses';
import type { Exchange } from './responses';
import { creationView, listItemView, readView } from './task-views';
import { acceptedFiles } from './upload-errors';

export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 100;

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
    ex.json(400, errorBody('bad_request', 'Missing the file part "file".'));
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
  ex.json(
    200,
    creationView(task, ctx.ai.online),
    ctx.limiter.concurrencyHeaders(key.key, key.limits),
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

/** limit: absent -> 20; an integer >= 1, capped at 100; anything else -> 400. */
export function parseListLimit(raw: string | null): number | null {
  if (raw === null) return LIST_LIMIT_DEFAULT;
  if (!/^[0-9]{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  if (n < 1) return null;
  return Math.min(n, LIST_LIMIT_MAX);
}

export function listTasks(
  ctx: SandboxContext,
  ex: Exchange,
  key: KeyRecord,
  _params: readonly string[],
  url: URL,
): void {
  const limit = parseListLimit(url.searchParams.get('limit'));
  if (limit === null) {
    ex.json(400, errorBody('bad_request', `limit must be an integer from 1 to ${LIST_LIMIT_MAX}.`));
    return;
  }
  const online = ctx.ai.online;
  const empty = ctx.config.emptyListSummaries;
  const items = ctx.tasks.recent(key.user.email, limit).map((t) => listItemView(t, online, empty));
  ex.json(200, { ok: true, items });
}
