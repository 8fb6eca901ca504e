// The engine as the chaos runner sees it: a headless run in a process of its own, so the runner can
// SIGKILL it at any moment and start it again on the same queue file. It reads the folder, works
// until every job is final (waiting out quota holds and outages by itself) and exits 0. Engine log
// lines go to stdout, one per line, so the runner can keep them and look for internal errors.
import { openSession } from '../../main/actions/session';
import { CHILD_ENGINE_CONFIG } from './chaos-config';

const env = process.env;
const session = openSession({
  dbFile: env.MD_DB ?? '',
  baseUrl: env.MD_BASE_URL ?? '',
  apiKey: env.MD_API_KEY ?? '',
  config: CHILD_ENGINE_CONFIG,
});
session.engine.on('log', (line) => {
  process.stdout.write(`log ${line.replace(/\n/g, ' ')}\n`);
});
let holds = '';
session.engine.on('status', (s) => {
  const now = Object.entries(s.holds)
    .filter(([, v]) => v !== null)
    .map(([k]) => k)
    .join(',');
  if (now !== holds) process.stdout.write(`holds [${(holds = now)}]\n`);
});

await session.actions.addPhotos([env.MD_PATHS ?? '']);
await session.engine.start();
// Not waitSettled(): a quota hold settles it, and this run is meant to wait the hold out.
for (;;) {
  const c = session.engine.status().counts;
  if (c.queued + c.uploading + c.submitted === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const counts = session.engine.status().counts;
await session.close();
process.stdout.write(`final ${JSON.stringify(counts)}\n`);
process.exit(0);
