import vm from 'node:vm';
import { hardenIntrinsics } from './harden';

/** A fresh realm (node:vm) with its intrinsics hardened. */
export function hardenedRealm() {
  const context = vm.createContext({});
  const run = <T,>(code: string): T => vm.runInContext(code, context) as T;
  const hidden = run<object[]>(
    '[function* () {}, async function () {}, async function* () {}].map(Object.getPrototypeOf).concat([[][Symbol.iterator](), new Map()[Symbol.iterator](), new Set()[Symbol.iterator](), ""[Symbol.iterator](), /a/[Symbol.matchAll]("a")].map(Object.getPrototypeOf))',
  );
  const started = performance.now();
  const report = hardenIntrinsics(run<Record<string, unknown>>('globalThis'), hidden);
  return { run, report, hardenMs: performance.now() - started, context };
}
