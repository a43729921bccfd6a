// Builds sitemap.xml from the tool registry. The registry is TypeScript that imports React pages, so
// the build reads it as text: the meta modules it imports, and the `path:` each of them declares.
// src/tools/sitemap.test.ts checks that this yields exactly the registry's TOOLS.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function toolPathsFromRegistry(root) {
  const registryFile = path.join(root, 'src/tools/registry.ts');
  const registry = readFileSync(registryFile, 'utf8');
  const listed = registry.match(/export const TOOLS[^=]*=\s*\[([^\]]*)\]/)?.[1] ?? '';
  const names = listed.split(',').map((s) => s.trim()).filter(Boolean);
  return names.map((name) => {
    const from = registry.match(new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '([^']+)'`))?.[1];
    if (!from) throw new Error(`sitemap: no import for ${name} in registry.ts`);
    const meta = readFileSync(path.resolve(path.dirname(registryFile), `${from}.ts`), 'utf8');
    // A meta file may export several metas: take the path inside the named one.
    const toolPath = meta.match(new RegExp(`export const ${name}\\b[^=]*=\\s*\\{[^}]*?\\bpath:\\s*'([^']+)'`))?.[1];
    if (!toolPath) throw new Error(`sitemap: no path in ${from}.ts`);
    return toolPath;
  });
}

export function sitemapXml(siteUrl, paths) {
  const base = siteUrl.replace(/\/+$/, '');
  const urls = ['/', ...paths, '/privacy'].map((p) => `  <url><loc>${base}${p}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
