import { describe, expect, it } from 'vitest';
import { chooseSwitchChild, conditionsPass, languageMatches, type ConditionalElement } from './conditional';

const el = (name: string, attrs: Record<string, string> = {}, svg = true): ConditionalElement => ({ name, svg, attr: (n) => attrs[n] });

describe('conditional processing', () => {
  it('matches systemLanguage on the primary language subtag, from a comma-separated list', () => {
    expect(languageMatches('en-GB', ['en-US'])).toBe(true);
    expect(languageMatches('ru-RU', ['en-US', 'en'])).toBe(false);
    expect(languageMatches('ru, en', ['en-US'])).toBe(true);
    expect(languageMatches('', ['en'])).toBe(false);
  });
  it('fails any requiredExtensions and ignores requiredFeatures, as browsers do', () => {
    expect(conditionsPass(el('rect', { requiredExtensions: 'http://example.org/bogus' }), ['en'])).toBe(false);
    expect(conditionsPass(el('g', { requiredFeatures: 'http://www.w3.org/TR/SVG11/feature#Extensibility' }), ['en'])).toBe(true);
  });
  it('chooses the first renderable SVG child whose conditions pass', () => {
    expect(chooseSwitchChild([el('random'), el('rect'), el('rect')], ['en'])).toBe(1);
    expect(chooseSwitchChild([el('rect', { systemLanguage: 'ru' }), el('circle')], ['en'])).toBe(1);
    expect(chooseSwitchChild([el('div', {}, false), el('title')], ['en'])).toBe(-1);
    // display="none" is no condition: that child is chosen and shows nothing.
    expect(chooseSwitchChild([el('rect', { display: 'none' }), el('rect')], ['en'])).toBe(0);
  });
  it("passes over HTML (foreignObject) for a later fallback, draw.io's <text>, and keeps it when there is none", () => {
    expect(chooseSwitchChild([el('foreignObject', { requiredFeatures: 'http://www.w3.org/TR/SVG11/feature#Extensibility' }), el('text')], ['en'])).toBe(1);
    expect(chooseSwitchChild([el('foreignObject')], ['en'])).toBe(0);
    expect(chooseSwitchChild([el('foreignObject'), el('text', { systemLanguage: 'fr' })], ['en'])).toBe(0);
  });
});
