import { describe, expect, it } from 'vitest';
import { markDownloaded, wasDownloaded } from '../lib/download';
import { beginActivity, holdWork, holdsWork, onActivityChange, wouldLoseWork } from './activity';

describe('what a reload would lose', () => {
  it('counts running jobs and held work, and tells listeners when either changes', () => {
    let calls = 0;
    const off = onActivityChange(() => calls++);
    expect(wouldLoseWork()).toBe(false);
    const end = beginActivity();
    expect(wouldLoseWork()).toBe(true);
    end();
    end();
    expect(wouldLoseWork()).toBe(false);

    const result = new Blob(['x']);
    const release = holdWork(() => !wasDownloaded(result));
    expect(holdsWork()).toBe(true);
    const before = calls;
    markDownloaded([result]);
    expect(calls).toBeGreaterThan(before);
    expect(holdsWork()).toBe(false);
    release();
    off();
  });

  it('forgets a page that unregisters its work', () => {
    const release = holdWork(() => true);
    expect(wouldLoseWork()).toBe(true);
    release();
    expect(wouldLoseWork()).toBe(false);
  });
});
