// How photos can go to this deployment now: as single tasks, in batches, both, or not at all (and
// then why, in words a person can act on). The single-task endpoint has no business field, so a
// business other than the service's own can only travel in a batch (a batch of one is fine); a
// key may lack the right to create tasks or batches; a deployment may take no batches (CAD). A
// key may also lack the right to read tasks (one by one and the list): a single task could then
// never be followed, while a batch's items can be, through batch reads.
import type { Permission } from '../../common/engine-status';
import type { EngineConfig } from './config';
import type { Deployment } from './deployment';

export type UploadRoute =
  | { readonly ok: true; readonly single: boolean; readonly batch: boolean }
  | {
      readonly ok: false;
      readonly hold: 'settings' | 'permission';
      readonly permission: Permission | null;
      readonly message: string;
    };

/** Why a task could not be followed once created (both task reads refused), or null. */
export function taskReadsDenied(deployment: Deployment): string | null {
  const one = deployment.deniedMessage('get_task');
  return one !== null && deployment.deniedMessage('list_tasks') !== null ? one : null;
}

/** Why a batch's items could not be followed once created, or null. */
function batchReadsDenied(deployment: Deployment): string | null {
  return deployment.deniedMessage('get_batch') === null ? null : taskReadsDenied(deployment);
}

export function uploadRoute(config: EngineConfig, deployment: Deployment): UploadRoute {
  const { business } = config;
  const carried = deployment.singleTasksCarry(business);
  const taskDenied = deployment.deniedMessage('create_task');
  const batchWhy =
    config.batchMode === 'never' ? 'batch mode is set to "never"' : deployment.batchesUnavailable();
  const batch = batchWhy === null && batchReadsDenied(deployment) === null;
  // Without task reads a single task could not be followed; a batch of one can be.
  const readDenied = taskReadsDenied(deployment);
  const single = carried && taskDenied === null && readDenied === null;
  if (single || batch) return { ok: true, single, batch };
  if (carried && taskDenied === null && readDenied !== null) {
    return {
      ok: false,
      hold: 'permission',
      permission: 'get_task',
      message:
        `This API key may not read tasks (the service says: ${readDenied})` +
        `${batchWhy ? `, and ${batchWhy}` : ', nor batches'}, so no photo sent could be followed. ` +
        'Nothing was sent. Ask whoever manages the account to grant the permission.',
    };
  }
  if (!carried) {
    const own = deployment.namespace ? ` ("${deployment.namespace}")` : '';
    return {
      ok: false,
      hold: 'settings',
      permission: null,
      message:
        `The business "${business ?? ''}" can only be sent in batches (a single task would be ` +
        `read by the service's own business${own}), and ${batchWhy}. ` +
        "Nothing was sent. Leave the business empty to use the service's own.",
    };
  }
  return {
    ok: false,
    hold: 'permission',
    permission: 'create_task',
    message:
      `This API key may not create tasks${taskDenied ? ` (the service says: ${taskDenied})` : ''}` +
      `${batchWhy ? `, and ${batchWhy}` : ''}. Nothing was sent. Ask whoever manages the ` +
      'account to grant the permission.',
  };
}
