// The typed client for the seven endpoints of the spec (section 4): each one's path, what it sends
// and what it checks of the answer beyond the schema. Every call goes through paced-call.ts (the
// key's pacer, one request, a capped and validated body, or an ApiError from classify.ts). It never
// retries on its own: the scheduler owns retries and acts on the error class.
import type { Dispatcher } from 'undici';
import { apiKeyOrThrow } from '../../common/api-key';
import { classifyBodyProblem } from './classify';
import { classifyFileError } from './classify-transport';
import type { ApiError, Endpoint } from './errors';
import { createHttp, type Timeouts } from './http';
import { createFetchHttp } from './fetch-transport';
import type { NetworkSettings } from './network';
import { pacedCall, type CallOptions } from './paced-call';
import { createRedactor, type Redactor } from './redact';
import { ServerClock } from './server-clock';
import { systemClock } from '../time/clock';
import type { Pacer, PacerOptions } from './pacer';
import { sharePacer, type SharedPacer } from './shared-pacer';
import {
  aiStatusResponseSchema,
  batchResponseSchema,
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
  /** Proxy and CAs of the agent the client makes (network.ts); by default from process.env. */
  readonly network?: NetworkSettings;
  readonly timeouts?: Partial<Timeouts>;
  /** Defaults to the process-wide pacer of this key (sharePacer), made with `pacerOptions`. */
  readonly pacer?: Pacer;
  readonly pacerOptions?: PacerOptions;
  /** Cap on response bodies (default 5 MB). */
  readonly maxBodyBytes?: number;
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

/** A server id as one path segment; ids come from responses, so they are data, never a URL. */
function segment(id: string, what: string): string {
  if (id === '' || id === '.' || id === '..' || id.length > 256) {
    throw new RangeError(`invalid ${what} id`);
  }
  return encodeURIComponent(id);
}

/**
 * Requests a client lets out before the service's first answer: the engine's quota and AI status
 * reads, its question whether the key may read tasks and its first photo go together, so a far
 * service delays a run by one answer, not two. It was three until the task-read question came
 * (issue 21): the first photo then waited in the pacer for an answer (issue 29). A key that
 * allowed fewer than four requests per window could not run anything.
 */
export const BLIND_START = 4;

export function createMeterApi(options: MeterApiOptions): MeterApi {
  // Never echoes the key, not even a part of it.
  const apiKey = apiKeyOrThrow(options.apiKey);
  const chromium = options.agent === undefined ? options.network?.fetch : undefined;
  const http =
    chromium !== undefined
      ? createFetchHttp({
          baseUrl: options.baseUrl,
          fetch: chromium,
          timeouts: options.timeouts,
          maxBodyBytes: options.maxBodyBytes,
        })
      : createHttp({
          baseUrl: options.baseUrl,
          dispatcher: options.agent,
          ...(options.network && { network: options.network }),
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
  const call = pacedCall({ http, pacer, headers, now, serverClock, redact });

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
