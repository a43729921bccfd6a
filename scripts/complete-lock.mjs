#!/usr/bin/env node
// The npm registry reachable here has no tarballs for some other platforms' optional native packages
// (e.g. @rollup/rollup-darwin-arm64), so `npm install` leaves them out of package-lock.json and `npm ci`
// then refuses the lock as out of sync. This adds each missing optional platform package with the os/cpu
// its name declares, so `npm ci` skips it on machines it does not fit and fetches it where it does.
// Run after any `npm install`: node scripts/complete-lock.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPU = { arm64: 'arm64', x64: 'x64', ia32: 'ia32', arm: 'arm', eabi: 'arm', gnueabihf: 'arm', musleabihf: 'arm', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x', wasm32: 'wasm32' };

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (cpu === 'wasm32') return { cpu: ['wasm32'] };
  if (!os || !cpu) return null;
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux') entry.libc = [parts.includes('musl') || parts.includes('musleabihf') ? 'musl' : 'glibc'];
  return entry;
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[base] || packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    const version = range.replace(/^[\^~=]/, '');
    packages[hoisted] = { version, ...(pkg.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
  }
}

const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lock: added ${added} optional platform package entries`);
