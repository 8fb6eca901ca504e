// Watched folders are a setting of their own: changing them leaves a running engine alone (a run
// goes on), while an engine setting restarts it; both are kept in settings.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackendState } from '../../main/backend/backend';
import { serviceHandlers } from '../../main/backend/handlers/service';
import { mainServicesInProcess } from '../../main/backend/main-services';
import { FAST_AI, FAST_ENGINE } from '../helpers/engine-harness';
import { TestOs } from '../helpers/test-os';
import { tempDir } from '../helpers/tmp';
import { memorySecrets } from '../ipc/helpers/desktop';

const t = tempDir('meterdesk-watch-settings-');
afterAll(() => {
  t.cleanup();
});

describe('watched folders in the settings', () => {
  it('change without restarting the engine, and are kept', async () => {
    const userDataDir = join(t.dir, 'user');
    mkdirSync(userDataDir);
    writeFileSync(join(userDataDir, 'settings.json'), JSON.stringify({ useSandbox: true }));
    const os = new TestOs();
    const state = createBackendState({
      userDataDir,
      appVersion: 'test',
      secrets: await memorySecrets(),
      main: mainServicesInProcess(os),
      engineConfig: FAST_ENGINE,
      sandbox: { ai: FAST_AI },
      watch: { stableMs: 200, checkEveryMs: 100 },
    });
    await state.start();
    try {
      const handlers = serviceHandlers(state);
      const engine = state.engine;
      expect(engine).not.toBeNull();
      const inbox = join(t.dir, 'inbox');
      mkdirSync(inbox);
      const view = await handlers.setSettings({ watchFolders: [inbox, inbox] });
      expect(view.watchFolders).toEqual([inbox]);
      expect(state.engine).toBe(engine);
      expect(state.watcher.status().map((f) => f.path)).toEqual([inbox]);
      const saved = JSON.parse(readFileSync(join(userDataDir, 'settings.json'), 'utf8')) as {
        watchFolders: string[];
      };
      expect(saved.watchFolders).toEqual([inbox]);

      // An engine setting restarts it; the watched folders stay.
      await handlers.setSettings({ maxConcurrency: 4 });
      expect(state.engine).not.toBe(engine);
      expect(state.watcher.status().map((f) => f.path)).toEqual([inbox]);
    } finally {
      await state.close();
    }
  });
});
