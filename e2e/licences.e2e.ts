import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageDirOf } from '../scripts/third-party-notices.mjs';
import { ffmpegCoreFiles } from '../src/engines/ffmpeg/vite-plugin-ffmpeg.mjs';
import { modelFiles } from '../src/engines/segmentation/vite-plugin-model.mjs';

const dist = path.resolve(process.env.E2E_DIST ?? 'dist');
const installed = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string };

/** The notices file as entries: package name@version -> the entry's text. */
function notices() {
  const text = readFileSync(path.join(dist, 'third-party-notices.txt'), 'utf8');
  const entries = new Map<string, string>();
  for (const block of text.split(/^={78}$/m).slice(1)) {
    const id = /^Package: (\S+)$/m.exec(block)?.[1];
    if (id) entries.set(id, block);
  }
  return entries;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(e.name) && !/\.(test|testing|d)\.tsx?$/.test(e.name) ? [file] : [];
  });
}

/** Every package the app's own code imports (type-only imports aside): what it imports ships. */
function importedPackages() {
  const found = new Set<string>();
  const imports = /(?:import|export)(\s+type)?\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
  for (const file of sourceFiles(path.resolve('src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(imports)) {
      const spec = (m[2] ?? m[3] ?? m[4]).split('?')[0];
      if (m[1] || spec.startsWith('.') || spec.startsWith('/') || /^[a-z]+:/.test(spec)) continue;
      found.add(spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return found;
}

describe('third-party notices in the build', () => {
  const entries = notices();

  it('has an entry with a licence text for every package the app imports, at its installed version', () => {
    const imported = [...importedPackages()];
    expect(imported).toEqual(expect.arrayContaining(['react', 'svgo', 'opencc-js', '@jsquash/webp', 'libheif-js', 'mediabunny']));
    const missing = imported.filter((name) => !entries.has(`${name}@${installed(path.resolve('node_modules', name)).version}`));
    expect(missing).toEqual([]);
    for (const [id, block] of entries) expect(block.split(/^--- .+ ---$/m).slice(1).join('').trim().length, `${id} licence text`).toBeGreaterThan(100);
  });

  it('lists the files our build steps copy: the ffmpeg cores, the model and its runtime, each with what its licence asks for', () => {
    const copied = [...ffmpegCoreFiles().map((f) => f.source), ...modelFiles().files.values()];
    const packages = new Set(copied.map((f) => packageDirOf(f)!).map(installed).map((p) => `${p.name}@${p.version}`));
    expect([...packages].map((p) => p.replace(/@[^@]+$/, '')).sort()).toEqual(['@ffmpeg/core', '@ffmpeg/core-mt', '@imgly/background-removal-data', 'onnxruntime-web']);
    for (const id of packages) expect(entries.has(id), id).toBe(true);
    const entry = (name: string) => [...entries].find(([id]) => id.startsWith(`${name}@`))![1];
    for (const core of ['@ffmpeg/core', '@ffmpeg/core-mt']) {
      expect(entry(core)).toContain('GNU GENERAL PUBLIC LICENSE');
      expect(entry(core)).toMatch(/Source offer:\n.*unmodified under \/ffmpeg\/(st|mt)\//);
    }
    expect(entry('libheif-js')).toContain('GNU LESSER GENERAL PUBLIC LICENSE');
    expect(entry('libheif-js')).toContain('Source offer:');
    expect(entry('@imgly/background-removal-data')).toMatch(/GNU Affero General Public License/i);
    expect(entry('@imgly/background-removal-data')).toContain('Source offer:');
    for (const font of ['@fontsource/inter', '@fontsource/jetbrains-mono', '@fontsource/pacifico']) expect(entry(font)).toContain('SIL OPEN FONT LICENSE');
    expect(entry('workbox-precaching')).toContain('MIT');
  });

  it('names the app source in package.json and every shipped asset of a package has an entry', () => {
    const text = readFileSync(path.join(dist, 'third-party-notices.txt'), 'utf8');
    const { repository } = JSON.parse(readFileSync('package.json', 'utf8')) as { repository: string };
    expect(text).toContain(`Its source: ${repository}`);
    // Hashed wasm and font files in assets/ come from packages: each one's package (found by its unhashed name) is listed.
    const assets = readdirSync(path.join(dist, 'assets')).filter((f) => /\.(wasm|woff2)$/.test(f));
    expect(assets.length).toBeGreaterThan(5);
    const listed = [...entries.keys()].map((id) => id.replace(/@[^@]+$/, ''));
    for (const asset of assets) {
      const base = asset.replace(/-[\w-]{8}\.(wasm|woff2)$/, '');
      const owners = listed.filter((name) => packageFiles(name).some((f) => path.basename(f).startsWith(base)));
      expect(owners.length, asset).toBeGreaterThan(0);
    }
  });
});

const filesCache = new Map<string, string[]>();
/** The wasm and font files inside an installed package. */
function packageFiles(name: string): string[] {
  if (!filesCache.has(name)) {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'node_modules' ? [] : walk(path.join(dir, e.name))) : /\.(wasm|woff2)$/.test(e.name) ? [path.join(dir, e.name)] : []));
    filesCache.set(name, walk(path.resolve('node_modules', name)));
  }
  return filesCache.get(name)!;
}
