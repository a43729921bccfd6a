#!/usr/bin/env node
// Adds a tool: `npm run new-tool -- <category> <id> [--name "English name"] [--root dir]`. Writes the tool's folder
// (meta, page, pure logic and its test), its name and description in common.json and its own namespace in all six
// languages (English text everywhere: src/i18n/locales.test.ts fails until each language is translated), and its
// entry in src/tools/registry.ts. What is left is the tool's own code.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LANGUAGES = ['en', 'zh', 'zh-TW', 'ja', 'de', 'ko'];
const CATEGORIES = ['image', 'svg', 'favicon', 'video', 'audio', 'date', 'text', 'writer', 'pdf'];

function fail(message) {
  console.error(`new-tool: ${message}`);
  process.exit(2);
}

function option(args, name) {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
}

const camel = (id) => id.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const title = (id) => id.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');

/** Writes a file that must not exist yet. */
function create(file, text) {
  if (existsSync(file)) fail(`${file} exists already`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function editJson(file, edit) {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  edit(json);
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

export function newTool(root, category, id, name = title(id)) {
  if (!CATEGORIES.includes(category)) fail(`category must be one of ${CATEGORIES.join(', ')}`);
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id)) fail('id must be kebab-case, e.g. "csv-to-json"');
  const registryFile = path.join(root, 'src/tools/registry.ts');
  const registry = readFileSync(registryFile, 'utf8');
  if (registry.includes(`'./${category}/${id}/meta'`) || new RegExp(`id: '${id}'`).test(registry)) fail(`${id} is in the registry already`);
  const dir = path.join(root, 'src/tools', category, id);
  const metaName = `${camel(id)}Meta`;
  const today = new Date().toISOString().slice(0, 10);

  create(
    path.join(dir, 'meta.ts'),
    `import { Wrench } from 'lucide-react';
import type { ToolMeta } from '../../types';

export const ${metaName}: ToolMeta = {
  id: '${id}',
  category: '${category}',
  path: '/${category}/${id}',
  icon: Wrench,
  updated: '${today}',
  namespaces: ['${id}'],
  page: () => import('./Page'),
};
`,
  );
  create(
    path.join(dir, 'keywords.ts'),
    `// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  '${id}': [],
};
`,
  );
  create(
    path.join(dir, 'logic.ts'),
    `/** The tool's pure logic: what it does to its input, with no DOM and no React, so Vitest checks it on real data. */
export function transform(input: string): string {
  return input.trim();
}
`,
  );
  create(
    path.join(dir, 'logic.test.ts'),
    `import { describe, expect, it } from 'vitest';
import { transform } from './logic';

describe('${id}', () => {
  it('transforms its input', () => {
    expect(transform('  text  ')).toBe('text');
  });
});
`,
  );
  create(
    path.join(dir, 'Page.tsx'),
    `import { useTranslation } from 'react-i18next';
import { useStoredText } from '../../../kit/useStoredInput';
import { transform } from './logic';

export default function ${camel(id)[0].toUpperCase() + camel(id).slice(1)}Page() {
  const { t } = useTranslation('${id}');
  const [text, setText] = useStoredText('${id}');
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <label className="grid gap-2 text-sm font-medium">
        {t('input')}
        <textarea className="field min-h-64 font-mono" value={text} onChange={(e) => setText(e.target.value)} data-testid="text-input" />
      </label>
      <label className="grid gap-2 text-sm font-medium">
        {t('output')}
        <textarea className="field min-h-64 font-mono" value={transform(text)} readOnly data-testid="text-output" />
      </label>
    </div>
  );
}
`,
  );

  for (const lng of LANGUAGES) {
    const locales = path.join(root, 'public/locales', lng);
    editJson(path.join(locales, 'common.json'), (json) => {
      json.tools ??= {};
      json.tools[id] = { name, description: `${name}: describe what it does, in one sentence.` };
    });
    create(path.join(locales, `${id}.json`), `${JSON.stringify({ input: 'Input', output: 'Output' }, null, 2)}\n`);
  }

  // The registry: the meta's import after the last one, and the tool at the end of TOOLS.
  const imports = [...registry.matchAll(/^import .*;$/gm)];
  const last = imports[imports.length - 1];
  let next = `${registry.slice(0, last.index + last[0].length)}\nimport { ${metaName} } from './${category}/${id}/meta';${registry.slice(last.index + last[0].length)}`;
  const listed = next.replace(/(export const TOOLS: ToolMeta\[\] = \[[^\]]*?)(\s*\];)/, (_, list, end) => `${list.replace(/,\s*$/, '')}, ${metaName}${end}`);
  if (listed === next) fail('could not add the tool to TOOLS in registry.ts');
  next = listed;
  writeFileSync(registryFile, next);
  return { dir, metaName };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const args = process.argv.slice(2);
  const root = option(args, 'root') ?? process.cwd();
  const name = option(args, 'name');
  const [category, id] = args;
  if (!category || !id) fail('usage: npm run new-tool -- <category> <id> [--name "English name"]');
  const { dir } = newTool(root, category, id, name);
  console.log(`new-tool: wrote ${path.relative(root, dir)}/, its locale keys in six languages and its registry entry.`);
  console.log('Next: write the logic and its tests, translate the six locale files, pick an icon in meta.ts and search words in keywords.ts.');
}
