import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The real eslint.config.js, minus type information (the probe files do not exist on disk).
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

async function layeringErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

const cases: [file: string, source: string, allowed: boolean][] = [
  ['renderer/probe.ts', `import '../common/job';`, true],
  ['renderer/probe.ts', `import { readFileSync } from 'node:fs';`, false],
  ['renderer/probe.ts', `import fs from 'fs';`, false],
  ['renderer/probe.ts', `import { ipcRenderer } from 'electron';`, false],
  ['renderer/probe.ts', `import '../main/store/store';`, false],
  ['renderer/probe.ts', `import '../sandbox/index';`, false],
  ['common/probe.ts', `import { z } from 'zod';`, true],
  ['common/probe.ts', `import { join } from 'node:path';`, false],
  ['common/probe.ts', `import 'electron';`, false],
  ['common/probe.ts', `import 'react';`, false],
  ['common/probe.ts', `import '../renderer/app';`, false],
  ['main/engine/probe.ts', `import '../../common/job';`, true],
  ['main/engine/probe.ts', `import { app } from 'electron';`, false],
  ['main/engine/probe.ts', `import '../../renderer/app';`, false],
  ['main/shell/probe.ts', `import { app } from 'electron';`, true],
  ['preload/probe.ts', `import { contextBridge } from 'electron';`, true],
  ['preload/probe.ts', `import '../main/engine/engine';`, false],
  ['sandbox/probe.ts', `import '../common/job';`, false],
  ['sandbox/probe.ts', `import '../main/api/client';`, false],
  ['sandbox/probe.ts', `import { createServer } from 'node:http';`, true],
];

/** Inside main/: the lower layers, the engine, the IPC plumbing and the two processes' sides. */
const LOWER = [
  'store',
  'api',
  'scan',
  'export',
  'billing',
  'time',
  'config',
  'files',
  'secrets',
  'watch',
  'office',
  'photo-checks',
  'logs',
];
const ABOVE_LOWER = ['engine', 'actions', 'backend', 'desktop', 'cli', 'shell', 'ipc'];
const mainCases: [file: string, source: string, allowed: boolean][] = [
  ...LOWER.flatMap((folder) =>
    ABOVE_LOWER.map((above): [string, string, boolean] => [
      `main/${folder}/probe.ts`,
      `import '../${above}/x';`,
      false,
    ]),
  ),
  // A folder's index and a file in a subfolder are caught as well.
  ['main/store/probe.ts', `import '../engine';`, false],
  ['main/store/migrations/probe.ts', `import '../../engine/engine';`, false],
  ['main/billing/probe.ts', `import '../backend/settings';`, false],
  ['main/office/store/probe.ts', `import '../../engine/engine';`, false],
  ['main/office/probe.ts', `import '../actions/office-decisions';`, false],
  // Lower layers may use each other and common/.
  ['main/store/probe.ts', `import '../time/clock';`, true],
  ['main/billing/probe.ts', `import '../export/csv';`, true],
  ['main/api/probe.ts', `import '../../common/job';`, true],
  ['main/config/probe.ts', `import { z } from 'zod';`, true],
  ['main/watch/probe.ts', `import '../scan';`, true],
  ['main/office/probe.ts', `import '../store/office-outbox';`, true],
  ['main/photo-checks/probe.ts', `import '../time/clock';`, true],
  // The engine: below the processes, the CLI and the IPC plumbing.
  ['main/engine/probe.ts', `import '../backend/backend';`, false],
  ['main/engine/probe.ts', `import '../desktop/backend-client';`, false],
  ['main/engine/probe.ts', `import '../cli/main';`, false],
  ['main/engine/probe.ts', `import '../shell/window';`, false],
  ['main/engine/probe.ts', `import '../ipc/app-error';`, false],
  ['main/engine/probe.ts', `import '../store/store';`, true],
  ['main/engine/probe.ts', `import '../scan';`, true],
  ['main/engine/probe.ts', `import '../billing/route-sheet';`, true],
  ['main/engine/probe.ts', `import '../actions/queue-actions';`, false],
  // The engine declares the office's ports; the office implements them (issue 30).
  ['main/engine/probe.ts', `import type { ClaimGate } from '../office/claim-gate';`, false],
  ['main/engine/probe.ts', `import '../office/store/office-store';`, false],
  ['main/engine/probe.ts', `import '../office';`, false],
  ['main/engine/probe.ts', `import type { ClaimPhotos } from '../../common/claim-port';`, true],
  // The action layer: over engine, billing and store, under its callers (backend, CLI).
  ['main/actions/probe.ts', `import '../engine/engine';`, true],
  ['main/actions/probe.ts', `import '../billing/routes';`, true],
  ['main/actions/probe.ts', `import '../store/store';`, true],
  ['main/actions/probe.ts', `import '../backend/backend-state';`, false],
  ['main/actions/probe.ts', `import '../desktop/window-calls';`, false],
  ['main/actions/probe.ts', `import '../cli/main';`, false],
  ['main/actions/probe.ts', `import '../shell/window';`, false],
  ['main/actions/probe.ts', `import '../ipc/app-error';`, false],
  ['main/backend/handlers/probe.ts', `import '../../actions/queue-actions';`, true],
  ['main/cli/commands/probe.ts', `import '../../actions/session';`, true],
  ['main/desktop/probe.ts', `import '../actions/queue-actions';`, false],
  // The IPC plumbing serves both processes and knows neither.
  ['main/ipc/probe.ts', `import '../backend/backend';`, false],
  ['main/ipc/probe.ts', `import '../desktop/window-calls';`, false],
  ['main/ipc/probe.ts', `import '../engine/engine';`, false],
  ['main/ipc/probe.ts', `import '../../common/ipc/result';`, true],
  // The backend's process does not reach into main's, and the reverse.
  ['main/backend/probe.ts', `import '../desktop/backend-client';`, false],
  ['main/backend/handlers/probe.ts', `import '../../desktop/window-calls';`, false],
  ['main/backend/probe.ts', `import '../shell/electron-main';`, false],
  ['main/backend/probe.ts', `import '../cli/main';`, false],
  ['main/backend/probe.ts', `import '../engine/engine';`, true],
  ['main/backend/handlers/probe.ts', `import '../../engine/add-paths';`, true],
  ['main/backend/probe.ts', `import '../ipc/rpc';`, true],
  ['main/desktop/probe.ts', `import '../backend/backend';`, false],
  ['main/desktop/probe.ts', `import '../engine/engine';`, false],
  ['main/desktop/probe.ts', `import '../shell/window';`, false],
  ['main/desktop/probe.ts', `import '../ipc/rpc';`, true],
  ['main/desktop/probe.ts', `import '../scan/sniff';`, true],
  ['main/desktop/probe.ts', `import '../config/json-file';`, true],
  // The CLI runs the engine itself, without the desktop's processes.
  ['main/cli/probe.ts', `import '../backend/settings';`, false],
  ['main/cli/commands/probe.ts', `import '../../desktop/updates';`, false],
  ['main/cli/probe.ts', `import '../ipc/app-error';`, false],
  ['main/cli/probe.ts', `import '../engine/engine';`, true],
  // The shell is the top: it wires everything.
  ['main/shell/probe.ts', `import '../backend/host';`, true],
  ['main/shell/probe.ts', `import '../desktop/backend-supervisor';`, true],
  ['main/shell/probe.ts', `import '../engine/engine';`, true],
];

describe('layering rules in eslint.config.js', () => {
  it.each(cases)('%s: %s -> allowed=%s', async (file, source, allowed) => {
    const errors = await layeringErrors(file, source);
    if (allowed) expect(errors).toEqual([]);
    else expect(errors.length).toBeGreaterThan(0);
  });
});

describe('layers inside main/', () => {
  it.each(mainCases)('%s: %s -> allowed=%s', async (file, source, allowed) => {
    const errors = await layeringErrors(file, source);
    if (allowed) expect(errors).toEqual([]);
    else expect(errors).toEqual([expect.stringMatching(/must not import main\/[a-z]+\//)]);
  });

  // A folder in no layer block would fall under main/**'s rules alone and could import the shell;
  // each new folder of main/ gets its row in eslint.config.js and DEVELOPERS.md's layer table.
  it('puts every folder of main/ in a layer: none but the shell may import the shell', async () => {
    const folders = readdirSync('main', { withFileTypes: true }).filter((d) => d.isDirectory());
    for (const { name } of folders) {
      const errors = await layeringErrors(`main/${name}/probe.ts`, `import '../shell/window';`);
      expect(errors, `main/${name}/`).toHaveLength(name === 'shell' ? 0 : 1);
    }
  });

  it('keeps the rules that hold for all of main/ (no electron, no renderer)', async () => {
    for (const folder of [...LOWER, 'engine', 'actions', 'ipc', 'backend', 'desktop', 'cli']) {
      expect(await layeringErrors(`main/${folder}/probe.ts`, `import 'electron';`)).toHaveLength(1);
      expect(
        await layeringErrors(`main/${folder}/probe.ts`, `import '../../renderer/app';`),
      ).toHaveLength(1);
    }
  });
});

/** Inside renderer/: screens on top, then billing/ and components/, hooks/, store/, lib/, i18n/. */
const rendererCases: [file: string, source: string, allowed: boolean][] = [
  // A screen never imports another screen, from its folder or a subfolder, by any path.
  ['renderer/screens/settings/probe.tsx', `import '../main-screen/main-screen';`, false],
  ['renderer/screens/main-screen/probe.tsx', `import '../settings/settings-form';`, false],
  [
    'renderer/screens/main-screen/probe.tsx',
    `import '../../screens/onboarding/onboarding';`,
    false,
  ],
  ['renderer/screens/onboarding/sub/probe.tsx', `import '../../settings/settings-key';`, false],
  // ... but uses its own files and every part below it.
  ['renderer/screens/main-screen/probe.tsx', `import './detail-panel';`, true],
  ['renderer/screens/settings/probe.tsx', `import '../../components/service-fields';`, true],
  ['renderer/screens/main-screen/probe.tsx', `import '../../billing/meter-section';`, true],
  ['renderer/screens/settings/probe.tsx', `import '../../store/context';`, true],
  ['renderer/app.tsx', `import './screens/settings/settings-screen';`, true],
  // The parts import no screen and not the app; components/ does not import billing/.
  ['renderer/components/probe.tsx', `import '../screens/main-screen/main-screen';`, false],
  ['renderer/billing/probe.tsx', `import '../screens/main-screen/detail-panel';`, false],
  ['renderer/components/probe.tsx', `import '../app';`, false],
  ['renderer/components/probe.tsx', `import '../billing/meter-section';`, false],
  ['renderer/billing/probe.tsx', `import '../components/dialog';`, true],
  ['renderer/components/probe.tsx', `import '../hooks/use-now';`, true],
  // The lower folders: hooks/ over store/ over lib/ over i18n/.
  ['renderer/hooks/probe.ts', `import '../components/icon';`, false],
  ['renderer/hooks/probe.ts', `import '../store/create-store';`, true],
  ['renderer/store/probe.ts', `import '../hooks/use-now';`, false],
  ['renderer/store/probe.ts', `import '../components/job-table';`, false],
  ['renderer/store/probe.ts', `import '../lib/throttle';`, true],
  ['renderer/lib/probe.ts', `import '../store/context';`, false],
  ['renderer/lib/probe.ts', `import '../billing/rule-words';`, false],
  ['renderer/lib/probe.ts', `import '../i18n/english';`, true],
  ['renderer/i18n/probe.ts', `import '../lib/format';`, false],
  ['renderer/i18n/probe.ts', `import '../store/types';`, false],
  ['renderer/i18n/probe.ts', `import './catalogues';`, true],
  // A folder of common/ named like one of renderer's is not renderer's.
  ['renderer/store/probe.ts', `import '../../common/billing/billing-row';`, true],
  ['renderer/lib/probe.ts', `import '../../common/billing/read-date-notes';`, true],
];

describe('layers inside renderer/', () => {
  it.each(rendererCases)('%s: %s -> allowed=%s', async (file, source, allowed) => {
    const errors = await layeringErrors(file, source);
    if (allowed) expect(errors).toEqual([]);
    else expect(errors).toEqual([expect.stringMatching(/must not import/)]);
  });

  it('keeps the rules that hold for all of renderer/ (no Node, no electron, no main/)', async () => {
    for (const folder of ['i18n', 'lib', 'store', 'hooks', 'components', 'billing']) {
      const file = `renderer/${folder}/probe.ts`;
      expect(await layeringErrors(file, `import 'node:fs';`)).toHaveLength(1);
      expect(await layeringErrors(file, `import 'electron';`)).toHaveLength(1);
      expect(await layeringErrors(file, `import '../../main/store/store';`)).toHaveLength(1);
    }
    for (const screen of ['main-screen', 'settings', 'onboarding']) {
      const file = `renderer/screens/${screen}/probe.tsx`;
      expect(await layeringErrors(file, `import 'node:fs';`)).toHaveLength(1);
      expect(await layeringErrors(file, `import '../../../main/engine/engine';`)).toHaveLength(1);
    }
  });
});
