// Tempo and pitch through ffmpeg filters: atempo (WSOLA) changes the tempo and keeps the pitch; a pitch shift resamples
// (asetrate: pitch and tempo both move) and then puts the tempo back with atempo. Pure: builds the filter chain.
import { num, type SettingsSchema } from '../../../lib/settings-schema';
import { atempoChain } from '../../../engines/media/tempo';

export { atempoChain };

export interface SpeedSettings {
  /** Tempo factor, 0.5 to 2 (2 = twice as fast). */
  tempo: number;
  /** Pitch shift in semitones, -12 to 12. */
  pitch: number;
}

export const SPEED_DEFAULTS: SpeedSettings = { tempo: 1, pitch: 0 };
export const TEMPO_RANGE = [0.5, 2] as const;
export const PITCH_RANGE = [-12, 12] as const;
export const SPEED_SCHEMA: SettingsSchema<SpeedSettings> = { tempo: num(...TEMPO_RANGE), pitch: num(...PITCH_RANGE) };

/** The -af chain for a tempo factor and a pitch shift, at the input's sample rate. Empty when nothing changes. */
export function speedFilter(s: SpeedSettings, rate: number): string {
  const ratio = Math.pow(2, s.pitch / 12);
  if (Math.abs(ratio - 1) < 1e-9) return atempoChain(s.tempo).join(',');
  // asetrate raises pitch and tempo by `ratio`; aresample brings the rate back; atempo sets the tempo asked for.
  return [`asetrate=${Math.round(rate * ratio)}`, `aresample=${rate}`, ...atempoChain(s.tempo / ratio)].join(',');
}

export function speedLabel(s: SpeedSettings): string {
  const tempo = `${Number(s.tempo.toFixed(3))}×`;
  const pitch = s.pitch ? ` · ${s.pitch > 0 ? '+' : '−'}${Number(Math.abs(s.pitch).toFixed(2))} st` : '';
  return tempo + pitch;
}
