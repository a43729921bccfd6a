// Every tool's stored-settings schema against its defaults and against the garbage a storage can hold.
import { describe, expect, it } from 'vitest';
import { parseSettings, type SettingsSchema } from '../lib/settings-schema';
import { AUDIO_SCHEMA } from './audio/audio-converter/schema';
import { AUDIO_DEFAULTS } from './audio/audio-converter/settings';
import { ZONES_SCHEMA } from './date/date-utils/schema';
import { COMPRESS_DEFAULTS } from './image/compress/compress';
import { COMPRESS_SCHEMA } from './image/compress/schema';
import { CONVERT_DEFAULTS } from './image/convert/convert';
import { CONVERT_SCHEMA } from './image/convert/schema';
import { DEFAULTS as REMOVEBG_DEFAULTS } from './image/removebg/runner';
import { REMOVEBG_SCHEMA } from './image/removebg/schema';
import { STRIP_SCHEMA } from './image/image-metadata/schema';
import { STRIP_DEFAULTS } from './image/image-metadata/strip';
import { ROTATE_DEFAULTS } from './image/image-rotate/rotate';
import { ROTATE_SCHEMA } from './image/image-rotate/schema';
import { CROP_DEFAULTS } from './image/image-crop/crop';
import { CROP_SCHEMA } from './image/image-crop/schema';
import { RESIZE_DEFAULTS } from './image/resize/resize';
import { RESIZE_SCHEMA } from './image/resize/schema';
import { TRACE_SCHEMA } from './svg/raster-to-svg/schema';
import { TRACE_DEFAULTS } from './svg/raster-to-svg/trace';
import { OPTIMIZER_DEFAULTS } from './svg/svg-optimizer/config';
import { OPTIMIZER_SCHEMA } from './svg/svg-optimizer/schema';
import { RASTER_DEFAULTS } from './svg/svg-to-image/rasterJob';
import { RASTER_SCHEMA } from './svg/svg-to-image/schema';
import { PDF_DEFAULTS } from './svg/svg-to-pdf/layout';
import { PDF_SCHEMA } from './svg/svg-to-pdf/schema';
import { CONVERTER_SCHEMA as TEXT_CONVERTER_SCHEMA } from './text/text-converter/schema';
import { VIDEO_SCHEMA } from './video/video-compress/schema';
import { LAYOUT_DEFAULTS, LAYOUT_SCHEMA } from './pdf/images-to-pdf/images';
import { PROTECT_DEFAULTS, PROTECT_SCHEMA } from './pdf/pdf-protect/protect';
import { SPLIT_DEFAULTS, SPLIT_SCHEMA } from './pdf/pdf-split/split';
import { RENDER_DEFAULTS, RENDER_SCHEMA } from './pdf/pdf-to-images/render';
import { VIDEO_DEFAULTS } from './video/video-compress/settings';

const CASES: [string, object, SettingsSchema<object>][] = [
  ['image-resize', RESIZE_DEFAULTS, RESIZE_SCHEMA],
  ['image-compress', COMPRESS_DEFAULTS, COMPRESS_SCHEMA],
  ['image-converter', CONVERT_DEFAULTS, CONVERT_SCHEMA],
  ['image-removebg', REMOVEBG_DEFAULTS, REMOVEBG_SCHEMA],
  ['image-metadata', STRIP_DEFAULTS, STRIP_SCHEMA],
  ['image-rotate', ROTATE_DEFAULTS, ROTATE_SCHEMA],
  ['image-crop', CROP_DEFAULTS, CROP_SCHEMA],
  ['svg trace', TRACE_DEFAULTS, TRACE_SCHEMA],
  ['svg-optimizer', OPTIMIZER_DEFAULTS, OPTIMIZER_SCHEMA],
  ['svg-to-png/jpg', RASTER_DEFAULTS, RASTER_SCHEMA],
  ['svg-to-pdf', PDF_DEFAULTS, PDF_SCHEMA],
  ['video-compress', VIDEO_DEFAULTS, VIDEO_SCHEMA],
  ['audio-converter', AUDIO_DEFAULTS, AUDIO_SCHEMA],
  ['text-converter', { mode: 'upper' }, TEXT_CONVERTER_SCHEMA],
  ['date-utils', { zones: ['UTC', 'Asia/Tokyo'] }, ZONES_SCHEMA],
  ['pdf-split', SPLIT_DEFAULTS, SPLIT_SCHEMA],
  ['images-to-pdf', LAYOUT_DEFAULTS, LAYOUT_SCHEMA],
  ['pdf-protect', PROTECT_DEFAULTS, PROTECT_SCHEMA],
  ['pdf-to-images', RENDER_DEFAULTS, RENDER_SCHEMA],
] as unknown as [string, object, SettingsSchema<object>][];

const GARBAGE: unknown[] = [1e308, -1, -1e308, 'NaN', 'Infinity', '', 'x'.repeat(5000), null, true, [], [1, 'a'], { nested: { deep: 1 } }, { __proto__: { a: 1 } }];

describe.each(CASES)('%s stored settings', (_name, defaults, schema) => {
  it('accepts its own defaults', () => {
    expect(parseSettings(structuredClone(defaults), defaults, schema)).toEqual(defaults);
  });

  it('falls back to the default in every field holding garbage', () => {
    for (const value of GARBAGE) {
      const stored = Object.fromEntries(Object.keys(defaults).map((k) => [k, value]));
      const out = parseSettings(stored, defaults, schema) as Record<string, unknown>;
      for (const [k, d] of Object.entries(defaults)) {
        // A garbage value that happens to fit a field (true for a boolean) may stay; anything else is the default.
        if (JSON.stringify(out[k]) !== JSON.stringify(d)) expect(out[k], `${k} = ${JSON.stringify(value)}`).toEqual(value);
      }
    }
  });

  it('gives the defaults for a stored value that is no object', () => {
    for (const stored of [null, 5, 'str', [], JSON.parse('{"__proto__": {"x": 1}}')]) expect(parseSettings(stored, defaults, schema)).toEqual(defaults);
  });
});

describe('the resize tool with a stored width and height of 1e308', () => {
  it('takes the default size and keeps the other stored fields', () => {
    const stored = { ...RESIZE_DEFAULTS, width: 1e308, height: 1e308, quality: 60, format: 'webp' };
    expect(parseSettings(stored, RESIZE_DEFAULTS, RESIZE_SCHEMA)).toEqual({ ...RESIZE_DEFAULTS, quality: 60, format: 'webp' });
  });
});
