// The worker thread of the photo checks: decoding and measuring a photo takes tens of
// milliseconds of CPU, which would otherwise stall the engine's loop between uploads.
import { parentPort } from 'node:worker_threads';
import type { CheckReply, CheckRequest } from './check-protocol';
import { measurePhoto } from './measure';

const port = parentPort;
if (port) {
  port.on('message', (request: CheckRequest) => {
    measurePhoto(request.path).then(
      (measures) => {
        port.postMessage({ id: request.id, ok: true, measures } satisfies CheckReply);
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        port.postMessage({ id: request.id, ok: false, message } satisfies CheckReply);
      },
    );
  });
}
