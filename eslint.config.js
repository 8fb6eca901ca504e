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

const layer = (files, ...patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

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
  layer(['renderer/**'], noNode, noElectron, noMain, noPreload, noSandbox),
  layer(['preload/**'], noMain, noRenderer, noSandbox),
  layer(['main/**'], noElectron, noRenderer, noPreload),
  layer(['main/shell/**'], noRenderer, noPreload),
  layer(['sandbox/**'], noElectron, noMain, noCommon, noRenderer, noPreload),
);
