// One settings shape for the tests of what reads settings back (storage, links): every kind of field rule.
import { bool, color, int, listOf, num, oneOf, text, type SettingsSchema } from './settings-schema';

export interface Sample {
  width: number;
  scale: number;
  format: 'png' | 'jpeg';
  keep: boolean;
  name: string;
  background: string;
  zones: string[];
}

export const SAMPLE_DEFAULTS: Sample = { width: 1280, scale: 2, format: 'png', keep: true, name: '', background: '#ffffff', zones: ['UTC'] };

export const SAMPLE_SCHEMA: SettingsSchema<Sample> = {
  width: int(0, 32768),
  scale: num(0.1, 16),
  format: oneOf(['png', 'jpeg']),
  keep: bool(),
  name: text(40),
  background: color(),
  zones: listOf(text(64), 20),
};
