import { QueueOwnedError } from '../actions/ownership';
import { AppError } from '../ipc/app-error';

/**
 * What the window hears of an action refused while another process owns the queue: "busy" with
 * the sentence naming the owner (the window shows it as it is). Anything else passes unchanged.
 */
export function actionError(error: unknown): unknown {
  return error instanceof QueueOwnedError ? new AppError('unavailable', error.message) : error;
}
