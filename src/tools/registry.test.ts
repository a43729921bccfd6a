import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../i18n/languages';
import { TOOL_KEYWORDS } from './keywords';
import { CATEGORIES, TOOLS, visibleCategories } from './registry';

const LOCALES = path.resolve(__dirname, '../../public/locales');
const common = (lng: string) => JSON.parse(readFileSync(path.join(LOCALES, lng, 'common.json'), 'utf8'));

// The seed's routes: a tool may only be registered under one of these.
const SEED_ROUTES = [
  '/image/image-compress', '/image/image-converter', '/image/image-removebg', '/image/image-mosaic', '/image/image-resize',
  '/svg/svg-preview', '/svg/svg-to-png', '/svg/svg-to-jpg', '/svg/svg-to-pdf', '/svg/svg-to-eps', '/svg/png-to-svg',
  '/svg/jpg-to-svg', '/svg/svg-optimizer', '/favicon/converter', '/favicon/generator', '/video/video-compress',
  '/audio/audio-converter', '/writer/word-count', '/date/dayjs-utils', '/date/moment-utils', '/date/date-utils',
  '/text/text-converter', '/text/text-diff',
  // Issue 28: the PDF category.
  '/pdf/pdf-merge', '/pdf/pdf-split', '/pdf/pdf-organize', '/pdf/pdf-compress', '/pdf/images-to-pdf', '/pdf/pdf-to-images',
  '/pdf/pdf-protect', '/pdf/pdf-unlock', '/pdf/pdf-stamp',
  // Issue 30: the image editing tools.
  '/image/image-metadata', '/image/image-rotate', '/image/image-crop', '/image/image-watermark',
  // Issue 31: audio editing.
  '/audio/audio-trim', '/audio/audio-merge', '/audio/audio-loudness', '/audio/audio-speed',
  // Issue 29: the video editing tools.
  '/video/video-trim', '/video/video-crop', '/video/video-merge', '/video/video-speed', '/video/video-to-gif', '/video/video-frames',
];

describe('tool registry', () => {
  it('lists each tool once, under a seed route in its own category', () => {
    expect(new Set(TOOLS.map((t) => t.id)).size).toBe(TOOLS.length);
    expect(new Set(TOOLS.map((t) => t.path)).size).toBe(TOOLS.length);
    for (const tool of TOOLS) {
      expect(SEED_ROUTES, tool.id).toContain(tool.path);
      expect(tool.path.split('/')[1], tool.id).toBe(tool.category);
      expect(CATEGORIES.map((c) => c.id)).toContain(tool.category);
    }
  });

  it('gives every tool an icon, a lazy page, search words and a valid updated date', () => {
    for (const tool of TOOLS) {
      expect(tool.icon, tool.id).toBeTruthy();
      expect(typeof tool.page, tool.id).toBe('function');
      expect(TOOL_KEYWORDS[tool.id]?.length, tool.id).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(tool.updated)), tool.id).toBe(false);
    }
  });

  it('has every tool name, description and category name in all six languages, and each tool namespace file', () => {
    for (const lng of LANGUAGE_CODES) {
      const strings = common(lng);
      for (const tool of TOOLS) {
        expect(strings.tools?.[tool.id]?.name, `${lng} ${tool.id} name`).toBeTruthy();
        expect(strings.tools?.[tool.id]?.description, `${lng} ${tool.id} description`).toBeTruthy();
        for (const ns of tool.namespaces) expect(existsSync(path.join(LOCALES, lng, `${ns}.json`)), `${lng}/${ns}.json`).toBe(true);
      }
      for (const c of CATEGORIES) expect(strings.categories?.[c.id], `${lng} category ${c.id}`).toBeTruthy();
    }
  });

  it('has search words only for registered tools', () => {
    expect(Object.keys(TOOL_KEYWORDS).sort()).toEqual(TOOLS.map((t) => t.id).sort());
  });

  it('hides categories without tools', () => {
    for (const c of visibleCategories()) expect(TOOLS.some((t) => t.category === c.id)).toBe(true);
  });

  it('loads every page module', { timeout: 60_000 }, async () => {
    for (const tool of TOOLS) {
      const mod = await tool.page();
      expect(typeof mod.default, tool.id).toBe('function');
    }
  });
});
