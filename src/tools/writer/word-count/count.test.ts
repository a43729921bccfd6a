import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { countText, debugInfo, detectMode } from './count';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('word count', () => {
  it('counts English prose exactly as `wc -w` does', () => {
    const path = fixture('prose-en.txt');
    const wc = Number(execFileSync('wc', ['-w', path], { encoding: 'utf8' }).trim().split(/\s+/)[0]);
    const stats = countText(readFileSync(path, 'utf8'), 'general');
    expect(wc).toBeGreaterThan(100);
    expect(stats.words).toBe(wc);
  });

  it('treats hyphenated words as one and punctuation runs as part of their word', () => {
    expect(countText('A well-known fact — stated plainly.', 'general').words).toBe(6);
    expect(countText('  leading   and trailing\t\nspace  ', 'general').words).toBe(4);
    expect(countText('', 'general').words).toBe(0);
  });

  it('counts Chinese words with Intl.Segmenter, not characters', () => {
    const text = readFileSync(fixture('prose-zh.txt'), 'utf8');
    const stats = countText(text);
    expect(stats.mode).toBe('zh');
    const chars = Array.from(text.replace(/[\s\p{P}]/gu, '')).length;
    expect(stats.words).toBeGreaterThan(10);
    expect(stats.words).toBeLessThan(chars); // multi-character words such as 浏览器, 公园 are one word each
    expect(debugInfo(text).segments).toContain('公园');
    expect(stats.sentences).toBe(3); // 。 ！ ？
  });

  it('detects Japanese and Korean and segments them', () => {
    expect(detectMode('これは日本語の文章です。')).toBe('ja');
    expect(detectMode('이것은 한국어 문장입니다.')).toBe('ko');
    const ja = countText('私は東京に住んでいます。');
    expect(ja.words).toBeGreaterThanOrEqual(4);
    expect(ja.words).toBeLessThan(12);
    expect(countText('이것은 한국어 문장입니다.').words).toBe(3);
  });

  it('counts characters as graphemes, with and without spaces', () => {
    const s = countText('a 👍🏽 é\u0301x', 'general');
    expect(s.characters).toBe(6); // a, space, 👍🏽, space, é́, x: the skin tone and the combining mark stay with their base
    expect(countText('ab cd\nef', 'general').charactersNoSpaces).toBe(6);
  });

  it('counts lines, paragraphs and sentences', () => {
    const text = 'First line. Second sentence!\nSame paragraph.\n\n\nNew paragraph? Yes.\n';
    const s = countText(text, 'general');
    expect(s.lines).toBe(6);
    expect(s.paragraphs).toBe(2);
    expect(s.sentences).toBe(5);
  });

  it('estimates reading time from words (238 wpm) and CJK characters (500 cpm)', () => {
    const words = Array.from({ length: 476 }, () => 'word').join(' ');
    expect(countText(words, 'general').readingMinutes).toBeCloseTo(2, 5);
    expect(countText('字'.repeat(1000), 'zh').readingMinutes).toBeCloseTo(2, 5);
  });

  it('shows the first and last 20 characters in the debug view', () => {
    const text = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const d = debugInfo(text, 'general');
    expect(d.first).toBe('abcdefghijklmnopqrst');
    expect(d.last).toBe('qrstuvwxyz0123456789');
    expect(d.segments).toEqual([text]);
  });
});
