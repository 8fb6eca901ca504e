// The worker thread of the photo checks: decoding and measuring a photo takes tens of
// milliseconds of CPU, and reading its codes more, which would otherwise stall the engine's loop
// between uploads.
import { parentPort } from 'node:worker_threads';
import type { CheckReply, CheckRequest } from './check-protocol';
import { CheckerUnavailable, loadSharp } from './decode';
import { measurePhoto } from './measure';
import { readPhotoCodes } from './read-codes';

function answer(request: CheckRequest): Promise<CheckReply> {
  const { id, path } = request;
  return request.task === 'codes'
    ? readPhotoCodes(path).then((codes) => ({ id, ok: true, codes }))
    : measurePhoto(path).then((measures) => ({ id, ok: true, measures }));
}

const port = parentPort;
if (port) {
  // libvips keeps recent operations (up to 50 MB) for reuse; each photo is decoded once, so a
  // kept one is memory the worker would hold for nothing.
  // A sharp that cannot load is told with the first photo's answer (CheckerUnavailable).
  void loadSharp().then(
    (sharp) => {
      sharp.cache(false);
    },
    () => undefined,
  );
  port.on('message', (request: CheckRequest) => {
    answer(request).then(
      (reply) => {
        port.postMessage(reply);
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        const unavailable = error instanceof CheckerUnavailable;
        port.postMessage({ id: request.id, ok: false, message, unavailable } satisfies CheckReply);
      },
    );
  });
}
