// Renders public/favicon.svg into the PNG icons and favicon.ico the app ships.
// Run once after changing the logo: node scripts/make-icons.mjs (needs Chromium, see README).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createJiti } from 'jiti';
import { chromium } from 'playwright-core';
import { chromiumPath, CHROMIUM_ARGS } from '../e2e/support/chromium.mjs';

// The app's own ICO writer (loaded through jiti: Node runs no TypeScript of its own).
const { encodeIco } = await createJiti(import.meta.url).import('../src/tools/favicon/shared/ico.ts');
const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const page = await browser.newPage();

async function render(size, { padding = 0, background = 'transparent' } = {}) {
  const inner = size - padding * 2;
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:${background}"><img style="display:block;margin:${padding}px;width:${inner}px;height:${inner}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`,
  );
  return page.screenshot({ omitBackground: background === 'transparent', type: 'png' });
}

mkdirSync('public/icons', { recursive: true });
writeFileSync('public/icons/icon-192.png', await render(192));
writeFileSync('public/icons/icon-512.png', await render(512));
// Maskable: the logo inside the 80% safe zone on a full-bleed background.
writeFileSync('public/icons/maskable-512.png', await render(512, { padding: 52, background: '#1d4ed8' }));
writeFileSync('public/apple-touch-icon.png', await render(180, { padding: 0, background: '#ffffff' }));
const ico = encodeIco([await render(16), await render(32), await render(48)].map((png) => new Uint8Array(png)));
writeFileSync('public/favicon.ico', ico);
await browser.close();
console.log('icons written');
