// Lint rules that keep the layout honest: small files, and dependencies that point one way
// (apps -> packages; web never reaches server or db code; a server module is used only through its
// index.ts, platform never imports a module, and no import cycles on the server).
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { webBoundaries } from './apps/web/eslint.boundaries.js';

const serverOnly = [
  '@formloop/db',
  '@formloop/db/*',
  '@formloop/server',
  '@formloop/server/*',
  '**/apps/server/**',
  '**/packages/db/**',
];

// Server modules (apps/server/src/modules/<name>/): another module, app.ts, the test harness and the
// benches import a module only through its public surface, '<name>/index.ts'; a module's own files
// (its __tests__ included) import each other directly. Tests may also use another module's test
// fixtures (__tests__/). Imports are relative with the .ts extension, so a file `depth` folders below
// modules/ reaches another module as '../' x depth + '<name>/...'.
const MODULE_SURFACE =
  'Import another server module only through its public surface (../<module>/index.ts); ' +
  'export what other modules need from there.';
const otherModuleInternals = (depth) => ({
  regex: `^(\\.\\./){${depth}}[^./][^/]*/(?!index\\.ts$${depth > 1 ? '|__tests__/' : ''})`,
  message: MODULE_SURFACE,
});
const moduleFilesAtDepth = (depth) => ({
  files: [`apps/server/src/modules/${'*/'.repeat(depth)}*.ts`],
  rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals(depth)] }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'packages/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: serverOnly, message: 'The web app never imports server or database code.' }] },
      ],
    },
  },
  webBoundaries,
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@formloop/server', '@formloop/server/*', '**/apps/**'],
              message: 'Packages never import apps.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts', 'packages/formula/**/*.ts', 'packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...serverOnly, '**/apps/**'],
              message: 'Pure packages import no apps and no database code.',
            },
          ],
        },
      ],
    },
  },
  moduleFilesAtDepth(1),
  moduleFilesAtDepth(2),
  moduleFilesAtDepth(3),
  {
    files: ['apps/server/src/*.ts', 'apps/server/test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '/modules/[^/]+/(?!index\\.ts$)', message: MODULE_SURFACE }] },
      ],
    },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[^/]+/(?!__tests__/)',
              message:
                'platform/ is shared ground below the modules: it never imports a module (its tests may use their fixtures).',
            },
          ],
        },
      ],
    },
  },
  {
    // Module dependencies form no cycle (through index.ts surfaces a module cycle is a file cycle).
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },

  {
    // Tests read JSON answers whose shape is what they assert on.
    files: ['**/__tests__/**', '**/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
