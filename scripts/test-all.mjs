#!/usr/bin/env node
// The whole test suite: type check, lint, unit tests, production build, end-to-end tests in Chromium.
// Every step runs even when an earlier one failed (except e2e without a build), and the last line sums
// the runners' own counts, read from their JSON reports: "N passed, N failed[, N skipped]".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = 'test-results';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const npx = (args) => ({ cmd: 'npx', args });
const steps = [
  { name: 'typecheck', ...npx(['tsc', '-b', '--noEmit']) },
  { name: 'lint', ...npx(['eslint', '.', '--max-warnings=0']) },
  { name: 'unit', ...npx(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/unit.json`]), report: `${REPORTS}/unit.json` },
  { name: 'build', ...npx(['vite', 'build']) },
  {
    name: 'e2e',
    ...npx(['vitest', 'run', '--config', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/e2e.json`]),
    report: `${REPORTS}/e2e.json`,
    needs: 'build',
  },
];

const failedSteps = [];
let passed = 0;
let failed = 0;
let skipped = 0;

for (const step of steps) {
  if (step.needs && failedSteps.includes(step.needs)) {
    console.log(`\n▶ ${step.name}: not run, ${step.needs} failed`);
    failedSteps.push(step.name);
    continue;
  }
  console.log(`\n▶ ${step.name}: ${step.cmd} ${step.args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.cmd, step.args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0', E2E_MATRIX_README: '1' } });
  const ok = result.status === 0;
  console.log(`◀ ${step.name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) failedSteps.push(step.name);
  if (step.report) {
    if (existsSync(step.report)) {
      const r = JSON.parse(readFileSync(step.report, 'utf8'));
      passed += r.numPassedTests ?? 0;
      failed += r.numFailedTests ?? 0;
      skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
      // A suite that failed to load reports no failed test: count it so red is never summed as green.
      if (!ok && (r.numFailedTests ?? 0) === 0) failed += Math.max(1, r.numFailedTestSuites ?? 0);
    } else if (!ok) {
      failed += 1;
    }
  } else if (!ok) {
    // typecheck, lint and build are checks too: a failure counts as one failed test.
    failed += 1;
  }
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length || failed ? 1 : 0);
