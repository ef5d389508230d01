// Lint rules that keep the layout honest: small files, and dependencies that point one way
// (apps -> packages; web never reaches server or db code).
import js from '@eslint/js';
import globals from 'globals';
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

  {
    // Tests read JSON answers whose shape is what they assert on.
    files: ['**/__tests__/**', '**/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
