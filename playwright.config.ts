import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './e2e/chromium.ts';

// Overridable so that several checkouts can run their end-to-end tests on one machine at the same time.
const port = process.env.E2E_PORT ?? '18080';
const pgPort = process.env.E2E_PG_PORT ?? '54339';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  workers: 1,
  reporter: 'list',
  // Generous for a 2-core machine that other work shares; a passing run takes what it needs, not these.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // One retry in CI only, reported as flaky in the list: a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM,
  },
  webServer: {
    // Playwright starts the web server before globalSetup runs, so the wrapper makes the fresh data directory itself.
    command: 'node e2e/fresh-server.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM lets the server stop its embedded PostgreSQL; the default SIGKILL would leave it running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: port,
      DATA_DIR: '.e2e/data',
      EMBEDDED_PG_PORT: pgPort,
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Lets the webhook test's receiver on this machine get deliveries (refused in production).
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    },
  },
});
