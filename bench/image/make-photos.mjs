#!/usr/bin/env node
// Makes the two bench images that are not photos from scikit-image (run once; their outputs are committed):
// screenshot.webp, a settings page as Chromium draws it (flat colours, small anti-aliased text, coloured
// buttons), and caption.webp, white and yellow text with a dark outline over coffee.webp. Both stored losslessly
// (ImageMagick's WebP writer). `node bench/image/make-photos.mjs`
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'bench-photos-'));
const coffee = `data:image/webp;base64,${readFileSync(path.join(here, 'photos/coffee.webp')).toString('base64')}`;

const screenshot = `<body style="margin:0;font:13px sans-serif;background:#f4f5f7;color:#1d2330">
<div style="background:#2b59c3;color:#fff;padding:10px 16px;font-size:16px">Localkit · Compress images <span style="float:right;font-size:12px">EN ▾</span></div>
<div style="display:flex">
<div style="width:150px;padding:10px;background:#e8ebf2">${['Compress', 'Resize', 'Crop', 'Convert', 'Watermark', 'Metadata', 'PDF merge', 'Video trim'].map((t, i) => `<div style="padding:6px;border-radius:4px;${i === 0 ? 'background:#c9d6f5;font-weight:bold' : ''}">${t}</div>`).join('')}</div>
<div style="padding:14px;flex:1">
<h2 style="margin:0 0 8px;font-size:18px">Settings</h2>
<label>Quality <input type="range" value="75" style="width:180px"> 75</label><br><br>
<label><input type="checkbox" checked> Keep metadata</label> <label><input type="checkbox"> Strip GPS</label><br><br>
<button style="background:#2b59c3;color:#fff;border:0;padding:7px 14px;border-radius:4px">Start</button>
<button style="background:#e03b3b;color:#fff;border:0;padding:7px 14px;border-radius:4px">Cancel</button>
<button style="background:#2e9d57;color:#fff;border:0;padding:7px 14px;border-radius:4px">Download all</button>
<table style="margin-top:12px;border-collapse:collapse;width:100%">${['IMG_2041.jpg 4.2 MB → 1.1 MB', 'scan-03.png 880 KB → 212 KB', 'diagram.webp 96 KB → 61 KB', 'holiday.heic 2.9 MB → 740 KB'].map((t, i) => `<tr style="background:${i % 2 ? '#fff' : '#eef1f6'}"><td style="padding:6px">${t}</td><td style="color:${i === 3 ? '#c77700' : '#2e9d57'}">${i === 3 ? 'working 63 %' : 'done'}</td></tr>`).join('')}</table>
<p style="color:#5a6275;font-size:12px">Nothing you drop here is uploaded: every file is processed in this tab.</p>
</div></div></body>`;

const caption = `<body style="margin:0"><div style="position:relative;width:600px;height:400px;background:url(${coffee})">
<div style="position:absolute;left:24px;top:20px;font:bold 40px sans-serif;color:#fff;text-shadow:0 0 3px #000,2px 2px 2px #000">Morning espresso</div>
<div style="position:absolute;left:24px;bottom:24px;font:22px serif;color:#ffd400;text-shadow:0 0 2px #000">Pikolo Espresso Bar · 7:30 am · €2.50</div>
<div style="position:absolute;right:16px;top:90px;font:12px sans-serif;color:#fff;opacity:.85">© 2026 example</div></div></body>`;

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, html, w, h] of [['screenshot', screenshot, 640, 360], ['caption', caption, 600, 400]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.setContent(html);
  const png = path.join(dir, `${name}.png`);
  await page.screenshot({ path: png });
  execFileSync('convert', [png, '-define', 'webp:lossless=true', '-define', 'webp:method=6', path.join(here, 'photos', `${name}.webp`)]);
  await page.close();
}
await browser.close();
