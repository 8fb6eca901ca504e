import { hostname } from 'node:os';
import { replyMessage } from '../../common/reply-messages';
import { QueueOwnedError } from '../actions/ownership';
import { AppError } from '../ipc/app-error';

/**
 * What the window hears of an action refused while another process owns the queue: "busy", with
 * the action and the owner as the code queueOwned the window words. Anything else passes unchanged.
 */
export function actionError(error: unknown): unknown {
  if (!(error instanceof QueueOwnedError)) return error;
  const { owner } = error;
  return new AppError(
    'unavailable',
    replyMessage('queueOwned', {
      action: error.action,
      owner: owner.label,
      pid: owner.pid,
      host: owner.host === hostname() ? '' : owner.host,
      since: owner.startedAt,
    }),
  );
}
