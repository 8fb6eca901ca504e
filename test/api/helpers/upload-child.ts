// Runs in a child process started with --expose-gc, so that the test can look at this process's
// memory in the middle of an upload without the test runner's own allocations in the picture.
//
// Protocol (IPC): parent sends {url, path, name, size, mode}; child replies {baseline}; whenever
// the parent sends 'measure' the child collects garbage and replies {during}; at the end the child
// replies {done} or {failed}.
import { readFileSync } from 'node:fs';
import { Agent, FormData } from 'undici';
import { createMeterApi } from '../../../main/api/client';
import { createPacer } from '../../../main/api/pacer';

interface Start {
  readonly url: string;
  readonly path: string;
  readonly name: string;
  readonly size: number;
  /** 'client': the real client. 'buffered': a deliberately naive upload, to prove the probe works. */
  readonly mode: 'client' | 'buffered';
}

const gc = (globalThis as { gc?: () => void }).gc;

function memory(): number {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  // Buffers and ArrayBuffers live outside the JS heap; a file read into memory shows up here.
  return m.external + m.arrayBuffers;
}

function reply(message: unknown): void {
  process.send?.(message);
}

async function naiveUpload(start: Start): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(start.path)]), start.name);
  const agent = new Agent();
  const res = await agent.request({
    origin: start.url,
    path: '/api/open/tasks',
    method: 'POST',
    body: form,
  });
  await res.body.text();
  await agent.close();
}

process.on('message', (message: unknown) => {
  if (message === 'measure') {
    reply({ during: memory() });
    return;
  }
  const start = message as Start;
  reply({ baseline: memory() });
  const upload =
    start.mode === 'buffered'
      ? naiveUpload(start).then(() => 'ok')
      : createMeterApi({ baseUrl: start.url, apiKey: 'child-key', pacer: createPacer() })
          .createTask({ path: start.path, name: start.name, size: start.size })
          .then((task) => task.taskId);
  upload.then(
    (result) => {
      reply({ done: result });
    },
    (error: unknown) => {
      reply({ failed: String(error) });
    },
  );
});
