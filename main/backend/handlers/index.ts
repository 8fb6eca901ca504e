import type { Handlers } from '../../../common/ipc/bridge';
import type { GenerateSampleFolderOptions } from '../../../sandbox/samples';
import type { Desk } from '../backend-state';
import { fileHandlers } from './files';
import { jobHandlers } from './jobs';
import { runHandlers } from './run';
import { serviceHandlers } from './service';
import { updateHandlers } from './update';

/** Every channel of the contract, implemented on the desktop backend. */
export function createHandlers(
  desk: Desk,
  appVersion: string,
  samples: Partial<GenerateSampleFolderOptions> = {},
): Handlers {
  return {
    ...runHandlers(desk, appVersion),
    ...jobHandlers(desk),
    ...fileHandlers(desk),
    ...serviceHandlers(desk, samples),
    ...updateHandlers(appVersion),
  };
}
