import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sitemapXml, toolPathsFromRegistry } from '../../scripts/sitemap.mjs';
import { TOOLS } from './registry';

describe('sitemap', () => {
  it('lists exactly the registry tools', async () => {
    expect(await toolPathsFromRegistry(path.resolve(__dirname, '../..'))).toEqual(TOOLS.map((t) => t.path));
  });

  it('writes absolute URLs for home, every tool and privacy', () => {
    const xml = sitemapXml('https://example.org/', ['/a/b']);
    expect(xml).toContain('<loc>https://example.org/</loc>');
    expect(xml).toContain('<loc>https://example.org/a/b</loc>');
    expect(xml).toContain('<loc>https://example.org/privacy</loc>');
    expect(xml.match(/<url>/g)).toHaveLength(3);
  });
});
