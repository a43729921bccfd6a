import { describe, expect, it } from 'vitest';
import { defuseHandlers, parserPosition } from './parse';
import { cleanCss, cssUnsafe, isLocalReference } from './css';

describe('SVG parsing helpers', () => {
  it('renames event handler attributes only inside tags, whatever the quoting', () => {
    expect(defuseHandlers('<svg onload="a()"><rect width="1" onclick=\'b()\' ONMOUSEOVER=c/></svg>')).toBe('<svg xonload="a()"><rect width="1" xonclick=\'b()\' xONMOUSEOVER=c/></svg>');
    // Text that merely looks like a handler is left alone, and so is an attribute value containing one.
    expect(defuseHandlers('<text title="x onload=y">say onload="hi"</text>')).toBe('<text title="x onload=y">say onload="hi"</text>');
  });
  it("reads the parser's line and column from Chromium and Firefox messages", () => {
    expect(parserPosition('This page contains the following errors:error on line 3 at column 5: Opening and ending tag mismatch')).toEqual({ line: 3, column: 5 });
    expect(parserPosition('XML Parsing Error: mismatched tag. Expected: </g>. Line Number 4, Column 3:')).toEqual({ line: 4, column: 3 });
    expect(parserPosition('nothing here')).toBeUndefined();
  });
});

describe('sanitizer rules', () => {
  it('keeps local references and embedded images, nothing else', () => {
    expect(isLocalReference('#ray')).toBe(true);
    expect(isLocalReference('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isLocalReference('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isLocalReference('http://evil.example/x.png')).toBe(false);
    expect(isLocalReference('javascript:alert(1)')).toBe(false);
    expect(isLocalReference('sprite.svg#icon')).toBe(false);
  });
  it('takes @import and outside url() out of CSS, keeps local ones', () => {
    expect(cleanCss('@import url("http://evil.example/a.css"); rect { fill: url(#g); } @font-face { src: url(https://evil.example/f.woff2) }')).toBe(
      ' rect { fill: url(#g); } @font-face { src:  none  }',
    );
    expect(cleanCss("a { background: url( 'data:image/png;base64,AAAA' ) }")).toBe("a { background: url( 'data:image/png;base64,AAAA' ) }");
  });
});

describe('CSS cleaning', () => {
  it('reads escapes and comments as the browser does (by tokens), so obfuscated imports and urls go too', () => {
    expect(cleanCss('@\\69mport "https://evil.example/a.css"; rect{fill:u\\rl(https://evil.example/p.svg)}')).toBe(' rect{fill: none }');
    // A comment splits a name: "ur/**/l(" fetches nothing in a browser, but a tool that drops comments would
    // read url(…): unsafe too, and cleaned without its comments.
    expect(cssUnsafe('rect{fill:ur/**/l(https://evil.example/p.svg)}')).toBe(true);
    expect(cleanCss('rect{fill:ur/**/l(https://evil.example/p.svg)}')).toBe('rect{fill: none }');
    expect(cleanCss('rect{fill:red/* a comment */}')).toBe('rect{fill:red/* a comment */}');
    // "\5c 69" is a backslash followed by "69": the at-rule is "@\69mport", not an import (escapes decode once).
    expect(cssUnsafe('@\\5c 69mport "x.css";')).toBe(false);
    expect(cleanCss('a{background:-webkit-image-set("https://evil.example/a.png" 1x)}')).toBe('a{background: none }');
    expect(cleanCss('a{width:expression(alert(1))}')).not.toMatch(/expression/);
  });
  it('keeps embedded fonts and images and #id references', () => {
    const css = '@font-face{font-family:"LK";src:url(data:font/woff2;base64,d09GMgAB)} rect{fill:url(#g)}';
    expect(cleanCss(css)).toBe(css);
  });
});
