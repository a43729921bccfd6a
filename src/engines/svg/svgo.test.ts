import { describe, expect, it } from 'vitest';
import { ToolError } from '../../lib/errors';
import { formatSvgText, svgoError } from './svgo';
import { MAX_DEPTH } from './structure';

const thrown = (work: () => unknown): unknown => {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing thrown');
};

describe("svgo's one error mapping", () => {
  it('names the line and column of a parse error, with svgo\'s reason', () => {
    const error = thrown(() => formatSvgText('<svg xmlns="http://www.w3.org/2000/svg">\n  <g>\n</svg>'));
    expect(error).toBeInstanceOf(ToolError);
    expect(error).toMatchObject({ key: 'svg-tools:errors.invalidAt', params: { line: 3 } });
    expect((error as ToolError).params?.detail).toMatch(/\w/);
  });

  it('turns the stack overflow of deep nesting into tooDeep, and leaves other errors alone', () => {
    expect(svgoError(new RangeError('Maximum call stack size exceeded'))).toMatchObject({ key: 'svg-tools:errors.tooDeep', params: { max: MAX_DEPTH } });
    const other = new TypeError('x');
    expect(svgoError(other)).toBe(other);
  });

  it('re-indents without dropping anything', () => {
    const out = formatSvgText('<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><rect width="1" height="2"/></g></svg>');
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg">\n  <g id="a">\n    <rect width="1" height="2"/>\n  </g>\n</svg>\n');
  });
});
