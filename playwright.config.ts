import { defineConfig } from '@playwright/test';

// Journeys a user performs, in Debian's Chromium (never a downloaded browser), against the real
// built app started by e2e/global-setup.ts with its own embedded PostgreSQL and a real SMTP server.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  // One retry on CI, where nobody can rerun a journey that lost a race with the 2-core machine; a
  // retried pass is reported as flaky in the log, and a real fault fails both tries.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['./e2e/support/failure-context-reporter.ts'],
    ['html', { open: 'never', outputFolder: 'test-results/e2e-report' }],
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machine's network is closed: keep Chromium from phoning home at every start.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
