// The baseline: what a plain script against the API looks like. It uploads each photo as a single
// task with a fixed number of parallel uploads, polls every unfinished task once a second, and
// knows nothing of the limits beyond what a 429 says: an upload refused with 429 sleeps for its
// Retry-After and tries again; a poll refused with 429 is simply asked again at the next second.
// No pacing, no batches, no list polling, no queue on disk.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface BaselineOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly files: readonly string[];
  /** Uploads in flight at once. Default 8. */
  readonly parallelism?: number;
  /** How often every unfinished task is polled. Default 1000 ms. */
  readonly pollEveryMs?: number;
}

export interface BaselineResult {
  readonly wallMs: number;
  readonly uploadRequests: number;
  readonly pollRequests: number;
  /** 429 answers the script received (uploads and polls). */
  readonly http429: number;
  /** File path -> final reading ('' for a failed task). */
  readonly readings: ReadonlyMap<string, string>;
  /** Task id -> when its final state was seen (epoch ms). */
  readonly seenAt: ReadonlyMap<string, number>;
}

const FINAL = new Set(['done', 'failed']);

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

export async function runBaselineClient(opts: BaselineOptions): Promise<BaselineResult> {
  const parallelism = opts.parallelism ?? 8;
  const pollEveryMs = opts.pollEveryMs ?? 1000;
  const headers = { authorization: `Bearer ${opts.apiKey}` };
  const start = Date.now();
  const pending = new Map<string, string>(); // task id -> file
  const readings = new Map<string, string>();
  const seenAt = new Map<string, number>();
  let uploadRequests = 0;
  let pollRequests = 0;
  let http429 = 0;
  let next = 0;
  let uploading = true;

  const upload = async (file: string): Promise<void> => {
    const bytes = await readFile(file);
    for (;;) {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/jpeg' }), basename(file));
      uploadRequests += 1;
      const res = await fetch(`${opts.baseUrl}/api/open/tasks`, {
        method: 'POST',
        headers,
        body: form,
      });
      const body = await readJson(res);
      if (res.status === 429) {
        http429 += 1;
        await sleep(Number(res.headers.get('retry-after') ?? '1') * 1000);
        continue;
      }
      const taskId = field(body, 'task_id');
      if (!res.ok || taskId === undefined) {
        throw new Error(`upload of ${file} answered ${res.status}`);
      }
      pending.set(taskId, file);
      return;
    }
  };

  const uploader = async (): Promise<void> => {
    for (let i = next++; i < opts.files.length; i = next++) {
      const file = opts.files[i];
      if (file !== undefined) await upload(file);
    }
  };

  const poll = async (taskId: string, file: string): Promise<void> => {
    pollRequests += 1;
    const res = await fetch(`${opts.baseUrl}/api/open/tasks/${encodeURIComponent(taskId)}`, {
      headers,
    });
    const body = await readJson(res);
    if (res.status === 429) {
      http429 += 1;
      return;
    }
    const status = field(body, 'status');
    if (res.ok && status !== undefined && FINAL.has(status)) {
      pending.delete(taskId);
      seenAt.set(taskId, Date.now());
      readings.set(file, status === 'done' ? (field(body, 'final_reading') ?? '') : '');
    }
  };

  const poller = async (): Promise<void> => {
    while (uploading || pending.size > 0) {
      await sleep(pollEveryMs);
      await Promise.all([...pending].map(([taskId, file]) => poll(taskId, file)));
    }
  };

  const polling = poller();
  try {
    await Promise.all(Array.from({ length: parallelism }, uploader));
  } finally {
    uploading = false;
  }
  await polling;
  return { wallMs: Date.now() - start, uploadRequests, pollRequests, http429, readings, seenAt };
}
