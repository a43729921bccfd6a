#!/usr/bin/env node
// The whole test suite: type check, lint, unit tests, production build, end-to-end tests in Chromium.
// Every step runs even when an earlier one failed (except e2e without a build), and the last line sums
// the runners' own counts, read from their JSON reports: "N passed, N failed[, N skipped]".
// Typecheck and lint each keep about one core busy, so they run side by side; their output is printed whole,
// one after the other, once both are done.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = 'test-results';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const npx = (args) => ({ cmd: 'npx', args });
const steps = [
  { name: 'typecheck', ...npx(['tsc', '-b', '--noEmit']), together: 'checks' },
  { name: 'lint', ...npx(['eslint', '.', '--max-warnings=0']), together: 'checks' },
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
const env = { ...process.env, FORCE_COLOR: '0', E2E_MATRIX_README: '1' };

/** Runs a step with its output captured; resolves with its exit status, output and time. */
function runCaptured(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.cmd, step.args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (e) => chunks.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (status, signal) => resolve({ status, signal, output: Buffer.concat(chunks).toString(), seconds: (Date.now() - started) / 1000 }));
  });
}

function settle(step, { status, signal, seconds }) {
  const ok = status === 0;
  console.log(`◀ ${step.name}: ${ok ? 'ok' : `FAILED (exit ${status ?? signal})`} in ${seconds.toFixed(1)} s`);
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

for (let i = 0; i < steps.length; i++) {
  const step = steps[i];
  if (step.together) {
    const group = steps.slice(i).filter((s) => s.together === step.together);
    i += group.length - 1;
    const results = await Promise.all(group.map(runCaptured));
    group.forEach((s, k) => {
      console.log(`\n▶ ${s.name}: ${s.cmd} ${s.args.join(' ')}`);
      process.stdout.write(results[k].output);
      settle(s, results[k]);
    });
    continue;
  }
  if (step.needs && failedSteps.includes(step.needs)) {
    console.log(`\n▶ ${step.name}: not run, ${step.needs} failed`);
    failedSteps.push(step.name);
    continue;
  }
  console.log(`\n▶ ${step.name}: ${step.cmd} ${step.args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.cmd, step.args, { stdio: 'inherit', env });
  settle(step, { status: result.status, signal: result.signal, seconds: (Date.now() - started) / 1000 });
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length || failed ? 1 : 0);
