import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silenceTimer } from './silence-timer';

describe('silenceTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after the limit without a sign of life, and each sign of life starts the wait again', () => {
    const onSilent = vi.fn();
    const watch = silenceTimer(5_000, onSilent);
    vi.advanceTimersByTime(4_000);
    watch.alive();
    vi.advanceTimersByTime(4_000);
    expect(onSilent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onSilent).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(onSilent).toHaveBeenCalledTimes(1);
  });

  it('never fires once stopped', () => {
    const onSilent = vi.fn();
    silenceTimer(2_000, onSilent).stop();
    vi.advanceTimersByTime(60_000);
    expect(onSilent).not.toHaveBeenCalled();
  });
});
