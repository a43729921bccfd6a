import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StaleResults } from './StaleResults';

const noop = () => {};

describe('StaleResults', () => {
  it('shows nothing while the results match the settings', () => {
    expect(renderToStaticMarkup(<StaleResults jobs={{ stale: false, rerunAll: noop }} message="Old" action="Again" />)).toBe('');
  });

  it('shows the notice with the tool’s own words and button test id when the results are stale', () => {
    const html = renderToStaticMarkup(<StaleResults jobs={{ stale: true, rerunAll: noop }} message="Made with other settings." action="Convert again" actionTestId="convert-again" />);
    expect(html).toMatch(/^<div[^>]*role="status"[^>]*data-testid="stale-results"/);
    expect(html).toContain('<span class="flex-1">Made with other settings.</span>');
    expect(html).toMatch(/<button type="button"[^>]*data-testid="convert-again">.*Convert again<\/button>/);
  });

  it('names its button "rerun" unless the tool says otherwise', () => {
    expect(renderToStaticMarkup(<StaleResults jobs={{ stale: true, rerunAll: noop }} message="m" action="a" />)).toContain('data-testid="rerun"');
  });
});
