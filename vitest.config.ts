import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  test: {
    projects: [
      {
        // The reference service and anything else that runs on plain Node.
        test: {
          name: 'service',
          environment: 'node',
          include: ['tests/service/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Extension code: WXT's fakeBrowser stands in for browser APIs, the DOM is happy-dom with Node's fetch (tests/environment).
        plugins: [WxtVitest()],
        test: {
          name: 'extension',
          environment: './tests/environment/extension-page.ts',
          include: ['tests/{lib,components,entrypoints}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
