import { defineConfig } from 'vitest/config';

// The end-to-end suites: real Chromium and Firefox with the e2e build of the extension, against
// the reference service. `npm run test:e2e` builds and runs them; `npx vitest -c
// vitest.e2e.config.ts [file]` runs them directly (the global setup rebuilds a stale build).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // Browsers are heavy and the machine may have two cores: one spec file at a time.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // A browser that flakes once on a loaded CI machine gets one more chance; a real bug fails twice.
    retry: process.env.CI ? 1 : 0,
  },
});
