import type { Handlers } from '../../../common/ipc/bridge';
import type { GenerateSampleFolderOptions } from '../../../sandbox/samples';
import type { BackendState } from '../backend-state';
import { fileHandlers } from './files';
import { jobHandlers } from './jobs';
import { runHandlers } from './run';
import { serviceHandlers } from './service';
import { updateHandlers } from './update';

/** Every channel of the contract, implemented on the desktop backend. */
export function createHandlers(
  state: BackendState,
  appVersion: string,
  samples: Partial<GenerateSampleFolderOptions> = {},
): Handlers {
  return {
    ...runHandlers(state, appVersion),
    ...jobHandlers(state),
    ...fileHandlers(state),
    ...serviceHandlers(state, samples),
    ...updateHandlers(appVersion),
  };
}
