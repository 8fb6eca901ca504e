// The typed client for the seven endpoints of the spec (section 4). Every call: waits for the key's
// pacer, sends one request to base URL + a fixed path, reads a capped body, validates it, and either
// returns a typed value or throws an ApiError from classify.ts. It never retries on its own: the
// scheduler owns retries and acts on the error class.
import type { Dispatcher } from 'undici';
import { apiKeyOrThrow } from '../../common/api-key';
import type { z } from 'zod';
import { parseJsonBody } from './body';
import { classifyBodyProblem, classifyResponse } from './classify';
import { classifyFileError, classifyTransport } from './classify-transport';
import type { ApiError, Endpoint } from './errors';
import { createHttp, type FormData, type HttpResponse, type Timeouts } from './http';
import { parseLimitHeaders, type LimitSnapshot } from './limits';
import { createRedactor, redactDeep, type Redactor } from './redact';
import { ServerClock } from './server-clock';
import { systemClock } from '../time/clock';
import {
  abortError,
  type PaceKind,
  type Pacer,
  type PacerOptions,
  type PacerTicket,
} from './pacer';
import { sharePacer, type SharedPacer } from './shared-pacer';
import {
  aiStatusResponseSchema,
  batchResponseSchema,
  describeIssues,
  quotaResponseSchema,
  taskListItemSchema,
  taskListResponseSchema,
  taskResponseSchema,
  type AiStatus,
  type Batch,
  type Quota,
  type Task,
} from './schemas';
import { batchForm, openFile, taskForm, type FileToUpload, type OpenedFile } from './upload';

export type { FileToUpload } from './upload';

export interface MeterApiOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** A shared undici Agent/Dispatcher; by default the client makes (and closes) its own. */
  readonly agent?: Dispatcher;
  readonly timeouts?: Partial<Timeouts>;
  /** Defaults to the process-wide pacer of this key (sharePacer), made with `pacerOptions`. */
  readonly pacer?: Pacer;
  readonly pacerOptions?: PacerOptions;
  /** Cap on response bodies (default 5 MB). */
  readonly maxBodyBytes?: number;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /**
   * How long this call may wait for the answer's headers, when shorter than the transport's: one
   * slow endpoint given up on its own, without the others waiting as long (a timeout error).
   */
  readonly deadlineMs?: number;
}

export interface TaskList {
  readonly items: readonly Task[];
  /** Items left out because they lacked required fields (the others are still usable). */
  readonly skipped: number;
}

export interface MeterApi {
  getQuota(options?: CallOptions): Promise<Quota>;
  getAiStatus(options?: CallOptions): Promise<AiStatus>;
  createTask(file: FileToUpload, options?: CallOptions): Promise<Task>;
  getTask(taskId: string, options?: CallOptions): Promise<Task>;
  listTasks(limit?: number, options?: CallOptions): Promise<TaskList>;
  createBatch(
    files: readonly FileToUpload[],
    business?: string,
    options?: CallOptions,
  ): Promise<Batch>;
  getBatch(batchId: string, options?: CallOptions): Promise<Batch>;
  readonly pacer: Pacer;
  /** Releases the agent if the client created it. */
  close(): Promise<void>;
}

interface CallSpec<S extends z.ZodType> {
  readonly endpoint: Endpoint;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query?: Record<string, string>;
  readonly kind: PaceKind;
  readonly units: number;
  readonly body?: () => FormData;
  readonly schema: S;
}

/** A server id as one path segment; ids come from responses, so they are data, never a URL. */
function segment(id: string, what: string): string {
  if (id === '' || id === '.' || id === '..' || id.length > 256) {
    throw new RangeError(`invalid ${what} id`);
  }
  return encodeURIComponent(id);
}

/**
 * Requests a client lets out before the service's first answer: the engine's quota and AI status
 * reads and its first photo go together, so a far service delays a run by one answer, not three.
 * A key that allowed fewer than three requests per window could not run anything.
 */
export const BLIND_START = 3;

export function createMeterApi(options: MeterApiOptions): MeterApi {
  // Never echoes the key, not even a part of it.
  const apiKey = apiKeyOrThrow(options.apiKey);
  const http = createHttp({
    baseUrl: options.baseUrl,
    dispatcher: options.agent,
    timeouts: options.timeouts,
    maxBodyBytes: options.maxBodyBytes,
  });
  const shared: SharedPacer = options.pacer
    ? { pacer: options.pacer, release: () => undefined }
    : sharePacer(http.origin, apiKey, { blindStart: BLIND_START, ...options.pacerOptions });
  const pacer = shared.pacer;
  const now = (): number => (options.pacerOptions?.clock ?? systemClock).now();
  const serverClock = new ServerClock();
  const redact: Redactor = createRedactor([apiKey]);
  const headers = {
    authorization: `Bearer ${apiKey}`,
    accept: 'application/json',
    'user-agent': 'MeterDesk',
  };

  function failure(endpoint: Endpoint, error: unknown, signal?: AbortSignal): unknown {
    // Cancellation is not a failure: surface the caller's own abort reason.
    if (signal?.aborted) return abortError(signal);
    return classifyTransport(endpoint, error, redact);
  }

  async function readBody(
    spec: CallSpec<z.ZodType>,
    response: HttpResponse,
    signal: AbortSignal | undefined,
  ): Promise<Uint8Array | ApiError> {
    try {
      return await response.readBody();
    } catch (error) {
      const err = failure(spec.endpoint, error, signal);
      if (signal?.aborted) throw err;
      return err as ApiError;
    }
  }

  async function call<S extends z.ZodType>(
    spec: CallSpec<S>,
    opts: CallOptions | undefined,
  ): Promise<z.output<S>> {
    const { endpoint } = spec;
    const signal = opts?.signal;
    const ticket = await pacer.acquire(spec.kind, spec.units, signal);
    let response: HttpResponse;
    try {
      response = await http.send({
        method: spec.method,
        path: spec.path,
        query: spec.query,
        headers,
        body: spec.body?.(),
        signal,
        headersMs: opts?.deadlineMs,
      });
    } catch (error) {
      ticket.settle();
      throw failure(endpoint, error, signal);
    }
    const limits = parseLimitHeaders(response.headers, now(), serverClock);
    try {
      return await interpret(spec, response, limits, ticket, signal);
    } finally {
      // Whatever happened after the headers (abort, bad body), the pacer learns from them. The
      // first settle wins, so a 429 settled inside interpret keeps its rate-limit data.
      ticket.settle({ limits });
    }
  }

  async function interpret<S extends z.ZodType>(
    spec: CallSpec<S>,
    response: HttpResponse,
    limits: LimitSnapshot,
    ticket: PacerTicket,
    signal: AbortSignal | undefined,
  ): Promise<z.output<S>> {
    const { endpoint } = spec;
    const { status } = response;
    if (status >= 300 && status < 400) {
      // Never followed: the Authorization header must not reach whatever Location points to.
      await response.discard();
      throw classifyResponse({ endpoint, status, body: undefined, limits }, redact);
    }

    const bytes = await readBody(spec, response, signal);
    const parsed = bytes instanceof Uint8Array ? parseJsonBody(bytes, response.headers) : undefined;

    if (status < 200 || status >= 300) {
      // The status decides the class; a body that could not be read or parsed only loses detail.
      const body = parsed?.ok ? parsed.value : undefined;
      const error = classifyResponse({ endpoint, status, body, limits, units: spec.units }, redact);
      if (error.info.class === 'rate_limited') ticket.settle({ limits, rateLimited: error.info });
      if (error.info.class === 'service_hold') ticket.settle({ limits, serviceHold: error.info });
      throw error;
    }

    if (!(bytes instanceof Uint8Array)) throw bytes;
    if (!parsed?.ok) {
      throw classifyBodyProblem(
        endpoint,
        status,
        parsed?.problem ?? 'malformed_json',
        parsed?.detail,
      );
    }
    const value = redactDeep(parsed.value, redact);
    const ok =
      typeof value === 'object' && value !== null ? (value as { ok?: unknown }).ok : undefined;
    if (ok === false) {
      throw classifyResponse({ endpoint, status, body: value, limits }, redact);
    }
    if (ok !== undefined && ok !== true) {
      throw classifyBodyProblem(endpoint, status, 'invalid_body', 'ok: not a boolean');
    }
    const result = spec.schema.safeParse(value);
    if (!result.success) {
      throw classifyBodyProblem(endpoint, status, 'invalid_body', describeIssues(result.error));
    }
    return result.data;
  }

  function mismatch(endpoint: Endpoint, detail: string): ApiError {
    return classifyBodyProblem(endpoint, 200, 'invalid_body', detail);
  }

  async function open(endpoint: Endpoint, files: readonly FileToUpload[]): Promise<OpenedFile[]> {
    try {
      return await Promise.all(files.map(openFile));
    } catch (error) {
      throw classifyFileError(endpoint, error, redact);
    }
  }

  return {
    pacer,
    close: async () => {
      shared.release();
      await http.close();
    },

    getQuota: (opts) =>
      call(
        {
          endpoint: 'quota',
          method: 'GET',
          path: '/api/open/quota',
          kind: 'request',
          units: 1,
          schema: quotaResponseSchema,
        },
        opts,
      ),

    getAiStatus: (opts) =>
      call(
        {
          endpoint: 'ai_status',
          method: 'GET',
          path: '/api/open/ai-status',
          kind: 'request',
          units: 1,
          schema: aiStatusResponseSchema,
        },
        opts,
      ),

    async createTask(file, opts) {
      const [opened] = await open('create_task', [file]);
      return call(
        {
          endpoint: 'create_task',
          method: 'POST',
          path: '/api/open/tasks',
          kind: 'submission',
          units: 1,
          body: () => taskForm(opened as OpenedFile),
          schema: taskResponseSchema,
        },
        opts,
      );
    },

    async getTask(taskId, opts) {
      const task = await call(
        {
          endpoint: 'get_task',
          method: 'GET',
          path: `/api/open/tasks/${segment(taskId, 'task')}`,
          kind: 'request',
          units: 1,
          schema: taskResponseSchema,
        },
        opts,
      );
      // A reading for another task (a confused cache or proxy) must never be stored for this one.
      if (task.taskId !== taskId) throw mismatch('get_task', 'task_id differs from the one asked');
      return task;
    },

    async listTasks(limit, opts) {
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
        throw new RangeError('limit must be a positive integer');
      }
      const list = await call(
        {
          endpoint: 'list_tasks',
          method: 'GET',
          path: '/api/open/tasks',
          query: limit === undefined ? undefined : { limit: String(limit) },
          kind: 'request',
          units: 1,
          schema: taskListResponseSchema,
        },
        opts,
      );
      const items: Task[] = [];
      for (const raw of list.items) {
        const item = taskListItemSchema.safeParse(raw);
        if (item.success) items.push(item.data);
      }
      return { items, skipped: list.items.length - items.length };
    },

    async createBatch(files, business, opts) {
      if (files.length === 0) throw new RangeError('a batch needs at least one file');
      const opened = await open('create_batch', files);
      const batch = await call(
        {
          endpoint: 'create_batch',
          method: 'POST',
          path: '/api/open/batches',
          kind: 'submission',
          units: files.length,
          body: () => batchForm(opened, business),
          schema: batchResponseSchema,
        },
        opts,
      );
      if (batch.items.some((item) => item.index >= files.length)) {
        throw mismatch('create_batch', 'item index beyond the uploaded files');
      }
      return batch;
    },

    async getBatch(batchId, opts) {
      const batch = await call(
        {
          endpoint: 'get_batch',
          method: 'GET',
          path: `/api/open/batches/${segment(batchId, 'batch')}`,
          kind: 'request',
          units: 1,
          schema: batchResponseSchema,
        },
        opts,
      );
      if (batch.batchId !== batchId)
        throw mismatch('get_batch', 'batch_id differs from the one asked');
      return batch;
    },
  };
}
