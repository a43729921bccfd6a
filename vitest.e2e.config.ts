import { defineConfig } from 'vitest/config';

// End-to-end tests: playwright-core drives Debian's Chromium (and e2e/firefox, e2e/webkit their browsers) against
// the production build. A page test leaves most of the 2-core machine idle (layout: 0.8 core, stored-values 0.6 core
// on average), so those files run two at a time; the media files keep both cores busy with their engines (ffmpeg's
// threads, WebCodecs) and run one at a time after them, so no engine waits on another file's work.
const MEDIA = ['e2e/**/{video,audio}-*.e2e.ts', 'e2e/**/{media,trim}.e2e.ts', 'e2e/image-removebg.e2e.ts'];

const shared = {
  environment: 'node' as const,
  globalSetup: ['e2e/support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'pages', include: ['e2e/**/*.e2e.ts'], exclude: MEDIA, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { test: { ...shared, name: 'media', include: MEDIA, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
