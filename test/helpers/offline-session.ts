// A session on a real queue file whose service is never reached (port 9, discard): for the tests
// of the work done beside the uploads (photo checks, codes, thresholds), which each opened one
// so, a copy each.
import { join } from 'node:path';
import { openSession, type Session } from '../../main/actions/session';

/** The session on `dir`/queue.sqlite; the caller closes it. */
export function offlineSession(dir: string): Session {
  return openSession({
    dbFile: join(dir, 'queue.sqlite'),
    baseUrl: 'http://127.0.0.1:9',
    apiKey: 'unused',
  });
}
