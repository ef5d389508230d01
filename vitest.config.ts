import { defineConfig } from 'vitest/config';

// Three kinds of test, one runner: pure unit tests, integration tests against a real PostgreSQL
// (started once by the harness), and web component tests in jsdom.
export default defineConfig({
  test: {
    // Vitest's default (cores - 1) leaves one of two cores idle; jsdom page tests are CPU-bound
    // (measured: 1,691 s for the unit and web projects on one worker in CI, 1,443 s on two while the
    // integration suite ran beside them). Set here, not per project: unit and web run in one
    // invocation, and projects with different worker counts would need different sequence groups.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/server/**/*.test.ts', 'e2e/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database cloned from a migrated template; two workers fit two cores.
          maxWorkers: 2,
          // Run on its own (npm run test:int): vitest 4.1 exits 0 when a test fails in an earlier
          // sequence group of the same run, so the projects are never mixed in one invocation.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 20_000,
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
