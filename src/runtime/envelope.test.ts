import { describe, expect, it, vi } from 'vitest';
import { ToolError } from '../lib/errors';
import { settle, unwrap } from './envelope';

describe('the worker envelope', () => {
  it('carries a value, or a ToolError with its key and params, across and back', async () => {
    expect(await settle(() => 42, 'x:errors.fallback')).toEqual({ ok: true, value: 42 });
    const failed = await settle(() => {
      throw new ToolError('svg-tools:errors.invalidAt', { line: 3, column: 7 });
    }, 'x:errors.fallback');
    expect(failed).toEqual({ ok: false, error: { key: 'svg-tools:errors.invalidAt', params: { line: 3, column: 7 } } });
    // What comlink sends is structured-cloned: the envelope must survive it unchanged.
    const cloned = structuredClone(failed);
    expect(() => unwrap(cloned)).toThrow(ToolError);
    try {
      unwrap(cloned);
    } catch (error) {
      expect(error).toMatchObject({ key: 'svg-tools:errors.invalidAt', params: { line: 3, column: 7 } });
    }
    expect(unwrap(structuredClone(await settle(async () => 'done', 'x:errors.fallback')))).toBe('done');
  });

  it("gives anything else the caller's fallback key, and logs it", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await settle(() => Promise.reject(new RangeError('stack')), 'media:errors.conversionFailed')).toEqual({ ok: false, error: { key: 'media:errors.conversionFailed' } });
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});
