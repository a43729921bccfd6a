import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { newTool } from './new-tool.mjs';

const REPO = path.resolve(__dirname, '..');
const LANGS = ['en', 'zh', 'zh-TW', 'ja', 'de', 'ko'];

describe('npm run new-tool', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

  /** A copy of what the script edits: the registry and the locales. */
  function sandbox(): string {
    const root = mkdtempSync(path.join(tmpdir(), 'new-tool-'));
    roots.push(root);
    mkdirSync(path.join(root, 'src/tools'), { recursive: true });
    cpSync(path.join(REPO, 'src/tools/registry.ts'), path.join(root, 'src/tools/registry.ts'));
    cpSync(path.join(REPO, 'public/locales'), path.join(root, 'public/locales'), { recursive: true });
    return root;
  }

  it('writes meta, page, logic and test, six locales and the registry entry', () => {
    const root = sandbox();
    newTool(root, 'text', 'csv-to-json', 'CSV to JSON');
    const dir = path.join(root, 'src/tools/text/csv-to-json');
    for (const file of ['meta.ts', 'Page.tsx', 'logic.ts', 'logic.test.ts']) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      const out = ts.transpileModule(source, { reportDiagnostics: true, fileName: file, compilerOptions: { jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.ESNext } });
      expect(out.diagnostics, file).toEqual([]);
    }
    expect(readFileSync(path.join(dir, 'meta.ts'), 'utf8')).toContain("path: '/text/csv-to-json'");
    const registry = readFileSync(path.join(root, 'src/tools/registry.ts'), 'utf8');
    expect(registry).toContain("import { csvToJsonMeta } from './text/csv-to-json/meta';");
    expect(registry).toMatch(/export const TOOLS: ToolMeta\[\] = \[[^\]]*, csvToJsonMeta\];/);
    for (const lng of LANGS) {
      const common = JSON.parse(readFileSync(path.join(root, 'public/locales', lng, 'common.json'), 'utf8'));
      expect(common.tools['csv-to-json'].name).toBe('CSV to JSON');
      expect(existsSync(path.join(root, 'public/locales', lng, 'csv-to-json.json'))).toBe(true);
    }
  });
});
