import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NumberField, parseDecimal, parseWhole } from './NumberField';
import { RadioGroup } from './RadioGroup';
import { Select } from './Select';
import { Slider } from './Slider';

const noop = () => {};

describe('settings controls', () => {
  it('Select names its field by its label and marks the chosen option', () => {
    const html = renderToStaticMarkup(<Select label="Format" value={2} options={[{ value: 1, label: 'One' }, { value: 2, label: 'Two' }]} onChange={noop} testId="format" />);
    const id = /<label for="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<select id="${id}"`);
    expect(html).toContain('data-testid="format"');
    expect(html).toMatch(/<option value="2" selected="">Two<\/option>/);
  });

  it('RadioGroup: one radiogroup named by its legend, one name for its inputs, the test ids on the inputs', () => {
    const html = renderToStaticMarkup(
      <RadioGroup legend="Mode" value="b" onChange={noop} choices={[{ value: 'a', label: 'A', testId: 'mode-a' }, { value: 'b', label: 'B', testId: 'mode-b' }]} testId="mode" />,
    );
    expect(html).toMatch(/^<fieldset role="radiogroup"[^>]*data-testid="mode"><legend[^>]*>Mode<\/legend>/);
    const names = [...html.matchAll(/name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toHaveLength(2);
    expect(names[0]).toBe(names[1]);
    expect(html).toMatch(/<input type="radio" data-testid="mode-b" name="[^"]+" checked="" value="b"\/>/);
    expect(html).not.toMatch(/data-testid="mode-a"[^>]*checked/);
  });

  it('Slider shows its value with the unit inside its label', () => {
    const html = renderToStaticMarkup(<Slider label="Quality" value={75} min={1} max={100} unit="%" onChange={noop} testId="quality" />);
    expect(html).toMatch(/^<label[^>]*><span>Quality <span class="tabular-nums">75%<\/span><\/span><input type="range"/);
    expect(html).toContain('data-testid="quality"');
  });

  it('NumberField shows 0 as empty with its placeholder where 0 means auto', () => {
    const html = renderToStaticMarkup(<NumberField label="Width" value={0} min={0} emptyAs0="auto" onChange={noop} testId="w" />);
    const input = /<input[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('placeholder="auto"');
    expect(input).toContain('value=""');
  });

  it('parseWhole rounds and clamps; empty is 0 only where allowed', () => {
    expect(parseWhole('20000', 1, 16384, false)).toBe(16384);
    expect(parseWhole('0', 1, 16384, false)).toBe(1);
    expect(parseWhole('12.6', 1, 100, false)).toBe(13);
    expect(parseWhole('', 1, 100, false)).toBe(1);
    expect(parseWhole('', 0, 100, true)).toBe(0);
    expect(parseWhole('abc', 5, 100, false)).toBe(5);
    expect(parseWhole('0', -100, 100, false)).toBe(0);
    expect(parseWhole('-7', -100, 100, false)).toBe(-7);
  });

  it('parseDecimal passes on only numbers in range, as typed', () => {
    expect(parseDecimal('-23.5', -40, -5)).toBe(-23.5);
    expect(parseDecimal('0.75', 0.5, 2)).toBe(0.75);
    for (const partial of ['', '-', '-2', '1.', 'abc', '3']) expect(parseDecimal(partial, -40, -5)).toBeNull();
    expect(parseDecimal('2', 0.5, 2)).toBe(2);
  });
});
