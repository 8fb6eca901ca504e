// How photos can go to this deployment now: as single tasks, in batches, both, or not at all (and
// then why, in words a person can act on). The single-task endpoint has no business field, so a
// business other than the service's own can only travel in a batch (a batch of one is fine); a
// key may lack the right to create tasks or batches; a deployment may take no batches (CAD).
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

export function uploadRoute(config: EngineConfig, deployment: Deployment): UploadRoute {
  const { business } = config;
  const carried = deployment.singleTasksCarry(business);
  const taskDenied = deployment.deniedMessage('create_task');
  const single = carried && taskDenied === null;
  const batchWhy =
    config.batchMode === 'never' ? 'batch mode is set to "never"' : deployment.batchesUnavailable();
  const batch = batchWhy === null;
  if (single || batch) return { ok: true, single, batch };
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
