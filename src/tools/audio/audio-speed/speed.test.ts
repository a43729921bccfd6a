import { describe, expect, it } from 'vitest';
import { atempoChain, speedFilter, speedLabel } from './speed';

const product = (chain: string[]) => chain.map((p) => Number(p.split('=')[1])).reduce((a, b) => a * b, 1);

describe('audio-speed filter chain', () => {
  it('splits tempo factors into atempo steps of 0.5 to 2', () => {
    for (const f of [0.25, 0.5, 0.8, 1.5, 2, 4]) {
      const chain = atempoChain(f);
      expect(product(chain)).toBeCloseTo(f, 6);
      for (const p of chain) expect(Number(p.split('=')[1])).toBeGreaterThanOrEqual(0.5);
    }
    expect(atempoChain(1)).toEqual([]);
  });

  it('shifts pitch by resampling and restores the tempo', () => {
    expect(speedFilter({ tempo: 1, pitch: 12 }, 44100)).toBe('asetrate=88200,aresample=44100,atempo=0.500000');
    expect(speedFilter({ tempo: 0.5, pitch: 12 }, 48000)).toBe('asetrate=96000,aresample=48000,atempo=0.5,atempo=0.500000');
    expect(speedFilter({ tempo: 1.5, pitch: 0 }, 48000)).toBe('atempo=1.500000');
    expect(speedFilter({ tempo: 1, pitch: 0 }, 48000)).toBe('');
    expect(speedLabel({ tempo: 0.75, pitch: -3 })).toBe('0.75× · −3 st');
  });
});
