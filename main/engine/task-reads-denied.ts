// What the engine does when the service refuses to let this key read the tasks it sent: photos
// that batch reads can follow go again in batches (uploads.ts resendInBatches says when that is
// safe); the rest wait under a permission hold that says what to ask for.
import type { JobRecord } from '../../common/job-record';
import type { EngineContext } from './context';
import type { Holds } from './holds';
import { pollLater } from './polls';
import { resendInBatches } from './uploads';

export function taskReadsDenied(
  ctx: EngineContext,
  holds: Holds,
  jobs: readonly JobRecord[],
): void {
  if (resendInBatches(ctx, jobs)) return;
  pollLater(ctx, jobs, ctx.config.permissionRecheckMs);
  const denied = ctx.deployment.deniedMessage('get_task');
  holds.holdAuth(
    'permission_denied',
    `This API key may not read tasks${denied ? ` (the service says: ${denied})` : ''}, so ` +
      `${jobs.length} photos already sent cannot be followed. Ask whoever manages the ` +
      'account to grant the permission.',
    'get_task',
  );
}
