import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../lib/errors';
import { inspectSvgText } from './inspect';
import { isVeryLarge, quickSize } from './limits';
import { textEncoding } from './parse';
import { parserReason, parseFailure } from './parseError';
import { MAX_EXPANDED } from './structure';
import { cpuClock } from '../../lib/testing/cpuClock';

const hostile = (name: string) => readFileSync(path.resolve('src/engines/svg/fixtures/hostile', name), 'utf8');
const fixture = (name: string) => readFileSync(path.resolve('src/engines/svg/fixtures', name), 'utf8');

function refusal(text: string): { key: string; params?: object; ms: number } {
  const cpu = cpuClock();
  try {
    inspectSvgText(text);
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return { key: error.key, params: error.params, ms: cpu() };
  }
  throw new Error('not refused');
}

describe('SVG structure check', () => {
  it('refuses a 1.9 KB <use> bomb (10^10 elements) and a 1 KB fan-out within milliseconds', () => {
    const bomb = refusal(hostile('use-bomb.svg'));
    expect(bomb).toMatchObject({ key: 'svg-tools:errors.useExpansion', params: { max: MAX_EXPANDED } });
    expect(bomb.ms).toBeLessThan(1000);
    const fan = refusal(hostile('use-fanout.svg'));
    expect(fan.key).toBe('svg-tools:errors.useExpansion');
    expect(fan.ms).toBeLessThan(1000);
  });

  it('refuses a million plain elements as too many elements, not as <use> expansion (issue 25.12)', () => {
    const plain = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<g/>'.repeat(1_000_000)}</svg>`;
    expect(refusal(plain)).toMatchObject({ key: 'svg-tools:errors.tooManyElements', params: { elements: 1_000_001, max: MAX_EXPANDED } });
    // Just under the limit, a few <use> push it over: that is the references' doing.
    const used = `<svg xmlns="http://www.w3.org/2000/svg"><g id="a">${'<g/>'.repeat(60_000)}</g><use href="#a"/></svg>`;
    expect(refusal(used).key).toBe('svg-tools:errors.useExpansion');
  }, 30_000);

  it('refuses deep nesting and entity bombs with their own reason (a recursive <use> draws nothing: recursion.test.ts)', () => {
    expect(refusal(hostile('deep-nesting.svg'))).toMatchObject({ key: 'svg-tools:errors.tooDeep', params: { max: 1000 } });
    expect(refusal(hostile('entity-bomb.svg')).key).toBe('svg-tools:errors.entities');
  });

  it('counts what <use> shows: 8 uses of a 3-element group', () => {
    const info = inspectSvgText(fixture('gradient-transform.svg'));
    expect(info.expanded).toBeGreaterThan(info.elements);
    expect(info.depth).toBeGreaterThan(1);
    const uses = inspectSvgText('<svg xmlns="http://www.w3.org/2000/svg"><defs><g id="g"><rect/><rect/></g></defs>' + '<use href="#g"/>'.repeat(8) + '</svg>');
    // svg + defs + g + 2 rects, and 8 uses each showing g (3 elements): 5 + 8 * 4.
    expect(uses.expanded).toBe(5 + 8 * 4);
    expect(uses.elements).toBe(13);
  });

  it('sizes the file and tells very large files (many elements, much text) from ordinary ones', () => {
    expect(inspectSvgText(fixture('graph-dot.svg')).size).toMatchObject({ width: expect.closeTo(226.67, 1), height: expect.closeTo(250.67, 1) });
    expect(isVeryLarge(inspectSvgText(fixture('graph-dot.svg')))).toBe(false);
    const text = inspectSvgText(hostile('huge-text.svg'));
    expect(text.textChars).toBe(200_000);
    expect(isVeryLarge(text)).toBe(true);
    const many = '<svg xmlns="http://www.w3.org/2000/svg">' + '<rect width="1" height="1"/>'.repeat(6_000) + '</svg>';
    expect(isVeryLarge(inspectSvgText(many))).toBe(true);
    // The scan without a parse gives the same counts for these files.
    expect(quickSize(many)).toEqual({ expanded: 6001, textChars: 0 });
    expect(quickSize(hostile('huge-text.svg'))).toEqual({ expanded: 2, textChars: 200_000 });
  });

  it('reads UTF-16 with or without a byte-order mark, and still refuses binary data', () => {
    const bytes = new Uint8Array(readFileSync(path.resolve('src/engines/svg/fixtures/hostile/utf16-bom.svg')));
    expect(textEncoding(bytes)).toBe('utf-16le');
    expect(textEncoding(new Uint8Array([0x00, 0x3c, 0x00, 0x73]))).toBe('utf-16be');
    expect(textEncoding(new TextEncoder().encode('<svg/>'))).toBe('utf-8');
    expect(textEncoding(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]))).toBeUndefined();
  });

  it("keeps only the parser's reason, never Chromium's error page around it", () => {
    const page = 'This page contains the following errors:error on line 14 at column 84: Opening and ending tag mismatch: g line 2 and svg\nBelow is a rendering of the page up to the first error.';
    expect(parserReason(page)).toBe('Opening and ending tag mismatch: g line 2 and svg');
    expect(parseFailure('Entity too big', { line: 14, column: 84 }).key).toBe('svg-tools:errors.entities');
    expect(parseFailure('Excessive node nesting.', { line: 1, column: 9 }).key).toBe('svg-tools:errors.tooDeep');
    expect(parseFailure('Unexpected close tag', { line: 2, column: 3 })).toMatchObject({ key: 'svg-tools:errors.invalidAt', params: { line: 2, column: 3, detail: 'Unexpected close tag' } });
  });
});

describe('unsafe content count (decides whether the sanitiser must run)', () => {
  const xss = (name: string) => readFileSync(path.resolve('src/engines/svg/fixtures/xss', name), 'utf8');
  it('finds something in every file of the XSS corpus and nothing in the ordinary fixtures', () => {
    for (const name of ['script-and-handlers.svg', 'remote-refs.svg', 'foreign-object.svg', 'obfuscated.svg']) expect(inspectSvgText(xss(name)).unsafe, name).toBeGreaterThan(0);
    for (const name of ['graph-dot.svg', 'chart-bars.svg', 'gradient-transform.svg', 'icon-camera.svg', 'text-card.svg', 'effects.svg']) expect(inspectSvgText(fixture(name)).unsafe, name).toBe(0);
  });
  it('sees entity-obfuscated script URLs, escaped CSS and a stylesheet instruction on their own', () => {
    const one = (body: string, prolog = '') => inspectSvgText(`${prolog}<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`).unsafe;
    expect(one('<image href="java&#9;script:x"/>')).toBe(1);
    expect(one('<rect style="fill:u\\rl(https://e.example/x)"/>')).toBe(1);
    expect(one('<style>@\\69mport "x.css";</style>')).toBe(1);
    expect(one('<rect/>', '<?xml version="1.0"?><?xml-stylesheet href="https://e.example/s.css"?>')).toBe(1);
    expect(one('<rect fill="url(#g)"/>', '<?xml version="1.0"?>')).toBe(0);
  });
});
