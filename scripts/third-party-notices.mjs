// Build step: third-party-notices.txt, the licence of every package whose code or files ship in the build.
// The list comes from the build itself: the modules of every chunk (the app's and each worker's), the source
// of every emitted asset, the files our plugins copy (ffmpeg cores, the background-removal model and its
// runtime) and the service worker's runtime. A package with no licence text, or a (L)GPL package with no
// source offer, fails the build.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ffmpegCoreFiles } from '../src/engines/ffmpeg/vite-plugin-ffmpeg.mjs';
import { modelFiles } from '../src/engines/segmentation/vite-plugin-model.mjs';
import { hangulFontFiles } from '../src/engines/codecs/vite-plugin-fonts.mjs';
import { APP_SOURCE, SOURCE_OFFERS, SUPPLIED_TEXTS } from './third-party/offers.mjs';

export const NOTICES_FILE = 'third-party-notices.txt';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SUPPLIED_DIR = path.join(ROOT, 'scripts', 'third-party');
const NM = `${path.sep}node_modules${path.sep}`;
/** Licence, notice and copying files at a package's root (Apache NOTICE files included). */
const LICENCE_FILE = /^(licen[cs]es?|copying|notice|third[-_]?party[-_]?licen[cs]es)([.-][\w.-]*)?$/i;
/** What generateSW writes into sw.js and workbox-*.js: it is not in the app's module graph. */
const SERVICE_WORKER_RUNTIME = ['workbox-core', 'workbox-precaching', 'workbox-routing', 'workbox-strategies', 'workbox-expiration'];
/** Packages whose shipped file bundles their dependencies: all of them (svgo/browser) or the ones named (ort.*.bundle.min). */
const PREBUNDLED = { svgo: 'all', 'onnxruntime-web': ['onnxruntime-common'] };
/** Helpers the bundler writes into chunks under virtual ids. */
const VIRTUAL = [
  [/^\0vite\//, 'vite'],
  [/^\0rolldown\//, 'rolldown'],
];

/** The folder of the package a module id or file path belongs to, or null for the app's own files. */
export function packageDirOf(id) {
  for (const [re, name] of VIRTUAL) if (re.test(id)) return path.join(ROOT, 'node_modules', name);
  const file = path.resolve(ROOT, id.replace(/^\0/, '').split('?')[0]);
  const at = file.lastIndexOf(NM);
  if (at < 0) return null;
  const parts = file.slice(at + NM.length).split(path.sep);
  return file.slice(0, at + NM.length) + parts.slice(0, parts[0].startsWith('@') ? 2 : 1).join(path.sep);
}

function repositoryUrl(pkg) {
  const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (!repo) return pkg.homepage ?? '';
  if (/^[\w.-]+\/[\w.-]+$/.test(repo)) return `https://github.com/${repo}`;
  return repo.replace(/^git\+/, '').replace(/^git:\/\//, 'https://').replace(/\.git$/, '');
}

function licenceField(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((l) => l.type ?? l).join(' OR ');
  return '';
}

/** The licence texts of a package: its own files, else the ones supplied for it in scripts/third-party. */
function licenceTexts(dir, name) {
  const texts = [];
  for (const entry of readdirSync(dir).sort()) {
    if (!LICENCE_FILE.test(entry)) continue;
    const file = path.join(dir, entry);
    const files = statSync(file).isDirectory() ? readdirSync(file).sort().map((f) => path.join(file, f)) : [file];
    for (const f of files) if (statSync(f).isFile()) texts.push({ file: path.relative(dir, f), text: readFileSync(f, 'utf8').trim() });
  }
  for (const supplied of SUPPLIED_TEXTS[name] ?? []) texts.push({ file: supplied, text: readFileSync(path.join(SUPPLIED_DIR, supplied), 'utf8').trim() });
  return texts.filter((t) => t.text.length > 0);
}

/** The MIT and ISC texts name their holder: a package that declares one but ships no text gets it with its author's name. */
function templateText(pkg) {
  const author = typeof pkg.author === 'string' ? pkg.author.replace(/\s*[<(].*$/, '') : pkg.author?.name;
  if (!['MIT', 'ISC'].includes(pkg.license) || !author) return [];
  const text = readFileSync(path.join(SUPPLIED_DIR, `${pkg.license}.txt`), 'utf8').replace('{{holder}}', author).trim();
  return [{ file: `LICENSE (${pkg.license}, as the package declares; its author as the holder)`, text }];
}

/** One entry per package folder: name, version, licence, source, texts and (for copyleft code) the source offer. */
export function describePackage(dir) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const licence = licenceField(pkg);
  const own = licenceTexts(dir, pkg.name);
  const texts = own.length > 0 ? own : templateText(pkg);
  if (texts.length === 0) throw new Error(`${pkg.name}@${pkg.version} (${licence || 'no licence field'}) ships without a licence text: add one to scripts/third-party/offers.mjs`);
  const offer = SOURCE_OFFERS[pkg.name];
  if (/GPL/i.test(licence) && !offer) throw new Error(`${pkg.name}@${pkg.version} is ${licence}: its source offer is missing from scripts/third-party/offers.mjs`);
  return { name: pkg.name, version: pkg.version, licence, source: repositoryUrl(pkg), texts, offer: offer?.(pkg.version) };
}

/** The text of the notices file for a set of package folders. */
export function noticesText(dirs) {
  const entries = [];
  const problems = [];
  for (const dir of new Set(dirs)) {
    try {
      entries.push(describePackage(dir));
    } catch (error) {
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new Error(`Third-party notices incomplete:\n${problems.join('\n')}`);
  const unique = new Map(entries.map((e) => [`${e.name}@${e.version}`, e]));
  const sorted = [...unique.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
  const rule = '='.repeat(78);
  const head = [
    'Third-party software in Localkit',
    '',
    `Localkit is free software under the GNU Affero General Public License, version 3 or later. Its source: ${APP_SOURCE}`,
    `This build contains code or files from the ${sorted.length} packages below. Each is listed with its licence.`,
    '',
    ...sorted.map((e) => `  ${e.name}@${e.version}  ${e.licence}`),
  ];
  const body = sorted.map((e) =>
    [
      rule,
      `Package: ${e.name}@${e.version}`,
      `Licence: ${e.licence}`,
      e.source ? `Source: ${e.source}` : '',
      e.offer ? `\nSource offer:\n${e.offer}` : '',
      ...e.texts.map((t) => `\n--- ${t.file} ---\n\n${t.text}`),
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return `${[...head, '', ...body].join('\n')}\n`;
}

/** The installed folders of a package's runtime dependencies, recursively. */
function dependencyDirs(dir, only = 'all', found = new Set()) {
  const { dependencies = {} } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  for (const name of Object.keys(dependencies).filter((n) => only === 'all' || only.includes(n))) {
    // Node's lookup: the package's own node_modules, then each enclosing one up to the project's.
    const folders = [];
    for (let from = dir; from.startsWith(ROOT) && from !== path.dirname(ROOT); from = path.dirname(from)) folders.push(path.join(from, 'node_modules', name));
    const installed = folders.find((f) => existsSync(path.join(f, 'package.json')));
    if (installed && !found.has(installed)) {
      found.add(installed);
      if (only === 'all') dependencyDirs(installed, only, found);
    }
  }
  return found;
}

/** Package folders of the files our own plugins copy into the build and of the service worker's runtime. */
function copiedPackageDirs() {
  const files = [...ffmpegCoreFiles().map((f) => f.source), ...modelFiles().files.values(), ...hangulFontFiles().flatMap((c) => Object.values(c.sources))];
  const dirs = files.map(packageDirOf).filter(Boolean);
  for (const name of SERVICE_WORKER_RUNTIME) {
    const dir = path.join(ROOT, 'node_modules', name);
    if (existsSync(dir)) dirs.push(dir);
  }
  return dirs;
}

/** Package folders of one bundle's chunks (their modules) and assets (their source files). */
function bundlePackageDirs(bundle) {
  const dirs = [];
  for (const out of Object.values(bundle)) {
    const ids = out.type === 'chunk' ? (out.moduleIds ?? Object.keys(out.modules)) : (out.originalFileNames ?? []);
    for (const id of ids) {
      const dir = packageDirOf(id);
      if (dir) dirs.push(dir);
    }
  }
  return dirs;
}

/**
 * Vite plugins: `app` for the build, `worker()` for worker bundles (Vite bundles each worker while it builds
 * the app, so every worker's packages are known when the app's bundle is written).
 */
export function thirdPartyNotices() {
  const seen = new Set();
  const collect = (bundle) => {
    for (const dir of bundlePackageDirs(bundle)) seen.add(dir);
  };
  // Re-export-only modules (radix-ui's index) leave no trace in the chunks: every parsed module counts.
  const parsed = (info) => {
    const dir = packageDirOf(info.id);
    if (dir) seen.add(dir);
  };
  return {
    app: {
      name: 'localkit-third-party-notices',
      apply: 'build',
      moduleParsed: parsed,
      generateBundle(_options, bundle) {
        collect(bundle);
        for (const dir of copiedPackageDirs()) seen.add(dir);
        for (const dir of [...seen]) {
          const name = path.relative(path.dirname(dir).replace(/\/@[^/]+$/, ''), dir);
          if (Object.hasOwn(PREBUNDLED, name)) for (const dep of dependencyDirs(dir, PREBUNDLED[name])) seen.add(dep);
        }
        this.emitFile({ type: 'asset', fileName: NOTICES_FILE, source: noticesText([...seen]) });
      },
    },
    worker: () => ({ name: 'localkit-third-party-notices-worker', apply: 'build', moduleParsed: parsed, generateBundle: (_options, bundle) => collect(bundle) }),
  };
}
