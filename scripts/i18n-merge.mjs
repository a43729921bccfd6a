#!/usr/bin/env node
// Deep-merges a JSON fragment into one locale file, keeping the existing key order and formatting.
// Several people add tool names to common.json at once: run it under a lock, e.g.
//   flock /tmp/locales.lock node scripts/i18n-merge.mjs zh common fragment.json
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [lng, ns, fragmentFile] = process.argv.slice(2);
if (!lng || !ns || !fragmentFile) {
  console.error('usage: node scripts/i18n-merge.mjs <lng> <namespace> <fragment.json>');
  process.exit(2);
}
const file = path.join('public/locales', lng, `${ns}.json`);
const target = JSON.parse(readFileSync(file, 'utf8'));
const fragment = JSON.parse(readFileSync(fragmentFile, 'utf8'));

function merge(into, from) {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) into[k] = merge(into[k] && typeof into[k] === 'object' ? into[k] : {}, v);
    else into[k] = v;
  }
  return into;
}

writeFileSync(file, `${JSON.stringify(merge(target, fragment), null, 2)}\n`);
console.log(`merged ${fragmentFile} into ${file}`);
