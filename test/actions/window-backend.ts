// The window's backend as its handlers see it, with no service set up (so no engine runs), over a
// queue file of the test's choosing; and the route fixture's sheet loaded the way the window loads
// it (inspected, then loaded with the clerk's columns).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { JobRecord } from '../../common/job-record';
import { createBackendState, type BackendHandlers } from '../../main/backend/backend';
import type { BackendState } from '../../main/backend/backend-state';
import { billingHandlers } from '../../main/backend/handlers/billing';
import { jobHandlers } from '../../main/backend/handlers/jobs';
import { photoReviewHandlers } from '../../main/backend/handlers/photo-reviews';
import { mainServicesInProcess } from '../../main/backend/main-services';
import { FAST_ENGINE } from '../helpers/engine-harness';
import type { RouteFixture } from '../helpers/route-fixture';
import { TestOs } from '../helpers/test-os';
import { memorySecrets } from '../ipc/helpers/desktop';
import { rowProblemEnglish } from '../../common/billing/row-problem-english';

type Handlers = Pick<
  BackendHandlers,
  'addPaths' | 'review' | 'undoReview' | 'remove' | 'retryFailed' | 'assignMeter'
> &
  Pick<BackendHandlers, 'inspectRouteSheet' | 'loadRouteSheet' | 'recordSkip' | 'saveTemplate'>;

export interface WindowBackend {
  readonly state: BackendState;
  readonly handlers: Handlers;
  jobs(): JobRecord[];
  /** The backend's log lines so far. */
  readonly logs: string[];
  close(): Promise<void>;
}

/** A started backend without a service: its queue is `userDataDir`/queue.sqlite. */
export async function windowWithoutEngine(userDataDir: string): Promise<WindowBackend> {
  mkdirSync(userDataDir, { recursive: true });
  const logs: string[] = [];
  const state = createBackendState({
    log: (line) => logs.push(line),
    userDataDir,
    appVersion: 'test',
    secrets: await memorySecrets(),
    main: mainServicesInProcess(new TestOs()),
    engineConfig: FAST_ENGINE,
    watch: { stableMs: 200, checkEveryMs: 100 },
  });
  await state.start();
  if (state.engine !== null) throw new Error('expected no engine without a service');
  return {
    state,
    handlers: {
      ...jobHandlers(state),
      ...photoReviewHandlers(state),
      ...billingHandlers(state),
    },
    jobs: () => [...state.store.queries.iterate({})],
    logs,
    close: () => state.close(),
  };
}

/** Loads the fixture's sheet as the window does: inspected first, then with the clerk's columns. */
export async function loadSheet(w: WindowBackend, fx: RouteFixture): Promise<void> {
  const choice = await w.handlers.inspectRouteSheet({ path: fx.sheet });
  if (!('preview' in choice)) throw new Error('the fixture sheet was not readable');
  const { mapping } = choice.preview;
  const loaded = await w.handlers.loadRouteSheet({
    path: fx.sheet,
    mappingJson: JSON.stringify({ ...mapping, fields: { ...mapping.fields, ...fx.clerkFields } }),
  });
  if (!loaded.ok) throw new Error(loaded.problems.map(rowProblemEnglish).join(' '));
}

export const userDirIn = (dir: string): string => join(dir, 'user');
