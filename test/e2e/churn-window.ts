// A window on a large queue whose rows RowChurn (row-churn.ts) can move: the built-in sandbox
// service with its engine running, and a queue of N photos filled before the backend opens.
//
// The backend is opened in openBackend's two steps (createBackendState, backendOf in
// main/backend/backend.ts) so that the driver keeps the BackendState, which openBackend's Backend
// hides: it needs the state's store (the one writer of the queue) and its engine (whose events feed
// the hub).
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { backendOf, createBackendState } from '../../main/backend/backend';
import { queueFileIn } from '../../main/backend/data-dir';
import type { BackendState } from '../../main/backend/backend-state';
import { DEFAULT_SETTINGS, saveSettings, settingsFile } from '../../main/backend/settings';
import type { NewJob } from '../../main/store/jobs-repo';
import { openStore } from '../../main/store/store';
import { openTestWindow, type TestWindow, type TestWindowOptions, type Site } from './harness';
import { RowChurn, type RowChurnOptions } from './row-churn';

export const CHURN_ROOT = '/srv/photos/City';

/** Queued rows wait this long before the engine would send them: it never does during a test. */
const HELD_MS = 365 * 24 * 3600 * 1000;

export function churnFileName(i: number): string {
  return `photo-${String(i).padStart(6, '0')}.jpg`;
}

/**
 * Writes settings (built-in sandbox) and a sandbox queue of `rows` photos into a per-user folder.
 * Every row is queued but held, as the engine holds rows during a wait: the engine runs (the window
 * shows an ordinary run, not a pause or a block) yet finds none due, and leaves them to the driver.
 */
export function prefillChurnQueue(userDataDir: string, rows: number): void {
  mkdirSync(userDataDir, { recursive: true });
  saveSettings(settingsFile(userDataDir), { ...DEFAULT_SETTINGS, useSandbox: true });
  const store = openStore(queueFileIn(userDataDir, true));
  try {
    const root = store.roots.ensure(CHURN_ROOT, 'folder');
    const jobs = Array.from({ length: rows }, (_, i): NewJob => {
      const name = churnFileName(i);
      return {
        rootId: root.id,
        path: `${CHURN_ROOT}/${name}`,
        relPath: name,
        size: 150_000,
        mtimeMs: 0,
        // Distinct contents, so readings differ (the sandbox derives them from the hash).
        accepted: { sha256: createHash('sha256').update(name).digest('hex'), format: 'jpeg' },
        rejected: null,
      };
    });
    store.jobs.insertScanned(jobs);
    const ids = [...store.queries.iterate({ filter: 'in_progress' })].map((job) => job.id);
    store.jobs.requeue(ids, { nextAttemptAt: Date.now() + HELD_MS, message: null });
  } finally {
    store.close();
  }
}

export interface ChurnWindow {
  /** The window, as openTestWindow gives it. */
  readonly win: TestWindow;
  /** Its backend's state: the store, the engine and the event hub. */
  readonly state: BackendState;
  /** A driver over this backend's queue (not started). */
  readonly churn: (options?: RowChurnOptions) => RowChurn;
}

/** A window on `rows` queued photos (file names churnFileName(0..rows-1), ids 1..rows). */
export async function openChurnWindow(
  site: Site,
  rows: number,
  options: Omit<TestWindowOptions, 'prefill' | 'openBackend'> = {},
): Promise<ChurnWindow> {
  const opened: { state?: BackendState } = {};
  const win = await openTestWindow(site, {
    ...options,
    prefill: (userDataDir) => {
      prefillChurnQueue(userDataDir, rows);
    },
    openBackend: async (backendOptions) => {
      const state = createBackendState(backendOptions);
      await state.start();
      const backend = backendOf(state, backendOptions);
      // An account that never runs out, so no quota warning sits over the run.
      state.sandbox?.control.setQuota({ unlimited: true });
      opened.state = state;
      return backend;
    },
  });
  const { state } = opened;
  if (!state) throw new Error('openChurnWindow: the backend did not open');
  return { win, state, churn: (churnOptions) => new RowChurn(state, churnOptions) };
}
