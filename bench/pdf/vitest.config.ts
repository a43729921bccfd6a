// `npx vitest run --config bench/pdf/vitest.config.ts`: the PDF compressor against Ghostscript (not in CI).
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['bench/pdf/*.bench.ts'], testTimeout: 1_800_000 } });
