// `E2E_DIST=<build> npx vitest run --config bench/audio/vitest.config.ts`: the audio edits on a 2-hour file through the
// built app in Chromium (minutes of work, so not in CI). Prints the measurements.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['bench/audio/*.bench.ts'], globalSetup: ['e2e/support/global-setup.ts'], testTimeout: 3_600_000, hookTimeout: 120_000, fileParallelism: false, pool: 'forks' } });
