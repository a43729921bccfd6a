// CSS judged by tokens (issue 25.5): an unclosed url() runs to the end of the text in a browser, so it is as
// unsafe as a closed one; every function that fetches is judged by its arguments, escapes and comments included.
import { describe, expect, it } from 'vitest';
import { cleanCss, cssUnsafe } from './css';

const UNSAFE = [
  'fill:url(http://evil.example/x.svg#g',
  'rect{fill:url(http://evil.example/x.svg#g',
  "fill:url( 'http://evil.example/x.svg#g'",
  'fill:url("http://evil.example/x.svg#g")',
  'fill:url(http://evil.example/x"y)',
  "fill:image('http://evil.example/i.png')",
  "fill:image-set('http://evil.example/i.png' 1x)",
  'fill:-webkit-image-set(url(http://evil.example/i.png) 1x)',
  "background:src('http://evil.example/s.png')",
  'background:src(var(--u))',
  'fill:u\\72 l(http://evil.example/e.svg#g)',
  'fill:u\\rl(http://evil.example/e.svg#g)',
  '@import "http://evil.example/a.css";',
  '@\\69mport url(a.css)',
  '@import url(a.css',
  'a{b:c}@IMPORT "x"',
  'width:expression(alert(1))',
  'fill:ur/**/l(http://evil.example/c.svg#g)',
  'cursor:url(http://evil.example/c.cur),auto',
];
const SAFE = [
  'fill:url(#g)',
  'fill:url(#g',
  'fill:url( "#g" )',
  'fill:red;stroke:blue',
  'rect{fill:url(#ok)}',
  'fill:url(data:image/png;base64,iVBORw0KGgo=)',
  '@font-face{font-family:x;src:url(data:font/woff2;base64,d09GMgAB)}',
  'fill:u/**/rl(#ok)',
  'font-family:"url(http://not-a-function)"',
  'width:calc(100% - 2px)',
];

describe('cssUnsafe', () => {
  it.each(UNSAFE)('%s is unsafe', (css) => expect(cssUnsafe(css)).toBe(true));
  it.each(SAFE)('%s is safe', (css) => expect(cssUnsafe(css)).toBe(false));
});

describe('cleanCss', () => {
  it.each(UNSAFE)('%s comes out safe', (css) => {
    const out = cleanCss(css);
    expect(cssUnsafe(out)).toBe(false);
    expect(out).not.toMatch(/evil\.example|import|expression/i);
  });
  it.each(SAFE)('%s is kept exactly', (css) => expect(cleanCss(css)).toBe(css));
  it('keeps the rules around what it takes out', () => {
    expect(cleanCss('rect{fill:url(http://evil.example/x#g)} circle{fill:red}')).toMatch(/circle\{fill:red\}$/);
    expect(cleanCss('@import "x.css"; rect{fill:red}').trim()).toBe('rect{fill:red}');
  });
});
