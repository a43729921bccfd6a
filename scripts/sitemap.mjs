// Builds sitemap.xml from the tool registry, imported as it is (its pages load only when a route is visited, so
// importing it runs none of them).
import path from 'node:path';
import { createJiti } from 'jiti';

/** The tools' paths, read from the registry itself (loaded through jiti: Node runs no TypeScript of its own). */
export async function toolPathsFromRegistry(root) {
  const jiti = createJiti(import.meta.url);
  const { TOOLS } = await jiti.import(path.join(root, 'src/tools/registry.ts'));
  return TOOLS.map((tool) => tool.path);
}

export function sitemapXml(siteUrl, paths) {
  const base = siteUrl.replace(/\/+$/, '');
  const urls = ['/', ...paths, '/privacy'].map((p) => `  <url><loc>${base}${p}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
