import { defineConfig } from 'vitest/config';

// End-to-end tests: playwright-core drives Debian's Chromium against the production build.
// One fork, files in sequence: the 2-core machine runs one browser at a time.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
