// Layering rules live here so that a wrong import is a red build, not a review comment.
// See README.md ("Where things live") for the picture these rules enforce.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'node:*'];

const forbid = (message, ...group) => ({ group, message });

const noNode = forbid('This layer must not use Node built-ins.', ...nodeBuiltins);
const noElectron = forbid(
  'Only the Electron shell (main/shell/) and preload/ may import electron.',
  'electron',
  'electron/*',
);
const noMain = forbid('This layer must not import main/ (the engine and shell).', '**/main/**');
const noRenderer = forbid('This layer must not import renderer/.', '**/renderer/**');
const noPreload = forbid('This layer must not import preload/.', '**/preload/**');
const noSandbox = forbid(
  'Only main/ (to start it in-process), tests and benches may import the sandbox.',
  '**/sandbox/**',
);
const noCommon = forbid(
  'sandbox/ stands for the remote service: it reads the spec on its own and imports nothing of the client.',
  '**/common/**',
);

// Inside main/: each folder is a layer, and a lower one never reaches up. Relative imports name a
// sibling folder as ../name or ../../name (from a subfolder); this matches either, and its index.
const MAIN_FOLDERS = {
  engine: 'the engine (queue scheduling)',
  actions: 'the action layer (every change to the queue)',
  backend: "the backend's utility process",
  desktop: "the Electron main process's plain-Node side",
  cli: 'the meter-desk command',
  shell: 'the Electron shell',
  ipc: 'the IPC plumbing between processes',
};
const noMainFolders = (layerName, ...folders) =>
  folders.map((folder) => ({
    regex: `^(\\.\\./)+${folder}(/|$)`,
    message: `${layerName} must not import main/${folder}/ (${MAIN_FOLDERS[folder]}): it sits above it.`,
  }));

// The engine asks the office through ports it declares (common/claim-port.ts) and the office
// implements (issue 30: engine/context.ts and engine/upload-claim.ts imported the claim gate's
// types). A type import is refused too: it ties the engine to the office's shapes all the same.
const noOfficeInEngine = {
  regex: '^(\\.\\./)+office(/|$)',
  message:
    'main/engine/ must not import main/office/: the engine declares the port it needs (common/claim-port.ts) and the office implements it.',
};

const SQLITE_OPENERS = [
  'main/store/**',
  'test/store/**',
  'scripts/chaos/queue-probe.ts',
  'test/engine/crash-recovery.slow.test.ts',
];
const PG_OPENERS = ['main/office/store/**', 'test/office/**'];
const onlySqliteInStore = {
  name: 'better-sqlite3',
  message: 'Only main/store/ opens SQLite: use the store (openStore, queue-backup.ts).',
};
const onlyPgInOfficeStore = ['pg', 'pg-pool'].map((name) => ({
  name,
  message: 'Only main/office/store/ opens PostgreSQL: use the office store (office-store.ts).',
}));

/** Lower layers of main/: plain Node building blocks the engine, the CLI and the backend use. */
const LOWER_MAIN = [
  'main/store/**',
  'main/api/**',
  'main/scan/**',
  'main/export/**',
  'main/billing/**',
  'main/time/**',
  'main/config/**',
  'main/files/**',
  'main/secrets/**',
  'main/watch/**',
  'main/office/**',
  'main/photo-checks/**',
  'main/logs/**',
];

const layer = (files, ...patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

// Inside renderer/: the same idea, from the top down. main.tsx and app.tsx pick the screen; a
// screen (screens/<name>/: the main screen, settings, onboarding) is one whole view and never
// imports another; billing/ and components/ are the parts screens are built from (billing/ may
// use components/, not the reverse); then hooks/, store/, lib/ and i18n/ (useLang, the catalogues)
// at the bottom. A lower folder never imports a higher one, nor the app.
const RENDERER_FOLDERS = {
  screens: 'the screens',
  billing: 'the billing parts',
  components: 'the shared components',
  hooks: 'the React hooks',
  store: 'the store',
  lib: 'the helpers',
};
const noRendererFolders = (layerName, ...folders) => [
  ...folders.map((folder) => ({
    regex: `^(\\.\\./)+${folder}(/|$)`,
    message: `${layerName} must not import renderer/${folder}/ (${RENDERER_FOLDERS[folder]}): it sits above it.`,
  })),
  {
    regex: '^(\\.\\./)+(app|main)$',
    message: `${layerName} must not import the app (renderer/app.tsx, main.tsx): it sits above it.`,
  },
];
const SCREENS = ['main-screen', 'settings', 'onboarding', 'office-report'];
const noOtherScreens = (screen) =>
  SCREENS.filter((other) => other !== screen).map((other) => ({
    regex: `^(\\.\\./)+(screens/)?${other}(/|$)`,
    message: `A screen must not import another: screens/${screen}/ reaches into screens/${other}/. Move what both use to components/.`,
  }));
const RENDERER_BASE = [noNode, noElectron, noMain, noPreload, noSandbox];
/** Lowest first: each folder may not import the ones listed after it here, nor screens/. */
const RENDERER_LAYERS = ['i18n', 'lib', 'store', 'hooks', 'components', 'billing'];
const rendererLayers = () => [
  ...RENDERER_LAYERS.map((folder, i) =>
    layer(
      [`renderer/${folder}/**`],
      ...RENDERER_BASE,
      ...noRendererFolders(`renderer/${folder}/`, ...RENDERER_LAYERS.slice(i + 1), 'screens'),
    ),
  ),
  ...SCREENS.map((screen) =>
    layer(
      [`renderer/screens/${screen}/**`],
      ...RENDERER_BASE,
      ...noOtherScreens(screen),
      ...noRendererFolders(`renderer/screens/${screen}/`),
    ),
  ),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'release/**',
      'coverage/**',
      'test/lint/fixtures/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', 'bin/*.js', 'scripts/*.js'],
          // The plain Node scripts (build, package, keyring wrapper...) outnumber the default of 8;
          // they are few and small, so the slower default project costs little.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 24,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: globals.browser },
  },
  // The layers. Each file matches exactly one of these blocks (later blocks win in flat config).
  layer(
    ['common/**'],
    noNode,
    noElectron,
    noMain,
    noRenderer,
    noPreload,
    noSandbox,
    forbid('common/ must stay free of UI libraries.', 'react', 'react-dom', 'zustand'),
  ),
  layer(['renderer/**'], ...RENDERER_BASE),
  ...rendererLayers(),
  layer(['preload/**'], noMain, noRenderer, noSandbox),
  layer(['main/**'], noElectron, noRenderer, noPreload),
  layer(
    LOWER_MAIN,
    noElectron,
    noRenderer,
    noPreload,
    ...noMainFolders(
      'A lower layer of main/',
      'engine',
      'actions',
      'backend',
      'desktop',
      'cli',
      'shell',
      'ipc',
    ),
  ),
  layer(
    ['main/engine/**'],
    noElectron,
    noRenderer,
    noPreload,
    ...noMainFolders('main/engine/', 'actions', 'backend', 'desktop', 'cli', 'shell', 'ipc'),
    noOfficeInEngine,
  ),
  // Between its callers (backend, CLI) and engine, billing and store: see docs/architecture.md.
  layer(
    ['main/actions/**'],
    noElectron,
    noRenderer,
    noPreload,
    ...noMainFolders('main/actions/', 'backend', 'desktop', 'cli', 'shell', 'ipc'),
  ),
  layer(
    ['main/ipc/**'],
    noElectron,
    noRenderer,
    noPreload,
    ...noMainFolders('main/ipc/', 'engine', 'actions', 'backend', 'desktop', 'cli', 'shell'),
  ),
  layer(
    ['main/backend/**'],
    noElectron,
    noRenderer,
    noPreload,
    ...noMainFolders('main/backend/', 'desktop', 'cli', 'shell'),
  ),
  layer(
    ['main/desktop/**'],
    noElectron,
    noRenderer,
    noPreload,
    ...noMainFolders('main/desktop/', 'engine', 'actions', 'backend', 'cli', 'shell'),
  ),
  layer(
    ['main/cli/**'],
    noElectron,
    noRenderer,
    noPreload,
    ...noMainFolders('main/cli/', 'backend', 'desktop', 'shell', 'ipc'),
  ),
  layer(['main/shell/**'], noRenderer, noPreload),
  layer(['sandbox/**'], noElectron, noMain, noCommon, noRenderer, noPreload),
  // SQLite only through main/store/: one module owns the schema, and every connection gets the
  // SQLite build db.ts selects (a bare one elsewhere loaded npm's build, which the packaged app
  // cannot). The exceptions are tests that must read a queue from outside or build an older schema
  // (and the chaos runner's probe, which reads a killed child's queue as it is).
  // PostgreSQL likewise only through main/office/store/ (office mode's one repository module), and
  // the office tests, which connect as other roles to look behind it.
  // A rule of its own, so the layer blocks above do not override it; one rule for both stores, in
  // three blocks (a later block's options replace an earlier one's).
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [...SQLITE_OPENERS, ...PG_OPENERS],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [onlySqliteInStore, ...onlyPgInOfficeStore] },
      ],
    },
  },
  {
    files: SQLITE_OPENERS,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: onlyPgInOfficeStore }],
    },
  },
  {
    files: PG_OPENERS,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [onlySqliteInStore] }],
    },
  },
);
