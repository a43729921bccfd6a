import { num, type SettingsSchema } from '../../../lib/settings-schema';

export interface LoudnessSettings {
  /** Integrated loudness to reach, LUFS. */
  targetLufs: number;
  /** True-peak ceiling, dBTP. */
  ceiling: number;
}

export const LOUDNESS_DEFAULTS: LoudnessSettings = { targetLufs: -14, ceiling: -1 };

/** The usual targets: streaming services, podcasts, EBU R128 broadcast. */
export const TARGETS = [
  { id: 'streaming', lufs: -14 },
  { id: 'podcast', lufs: -16 },
  { id: 'broadcast', lufs: -23 },
] as const;

export const TARGET_RANGE = [-40, -5] as const;
export const CEILING_RANGE = [-9, 0] as const;

export const LOUDNESS_SCHEMA: SettingsSchema<LoudnessSettings> = {
  targetLufs: num(...TARGET_RANGE),
  ceiling: num(...CEILING_RANGE),
};

/** "-14.0 LUFS · LRA 5.2 LU · −1.3 dBTP": units are the same in every language. */
export function loudnessLabel(l: { integrated: number; range: number; truePeak: number }): string {
  const f = (v: number) => (Number.isFinite(v) ? v.toFixed(1).replace('-', '−') : '−∞');
  return `${f(l.integrated)} LUFS · LRA ${f(l.range)} LU · ${f(l.truePeak)} dBTP`;
}
