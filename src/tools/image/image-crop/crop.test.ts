import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { centredBox } from '../../../engines/codecs/pipeline';
import { aspectRatio, CROP_DEFAULTS, cropJob, jpegMcu, snapBox } from './crop';

const FIXTURES = path.resolve(__dirname, '../../../engines/codecs/fixtures');

describe('crop settings', () => {
  it('send the typed box, or the aspect centred on each picture', () => {
    expect(cropJob({ ...CROP_DEFAULTS, x: 10.4, y: 5, width: 100, height: 50 })).toMatchObject({ output: 'keep', crop: { x: 10, y: 5, width: 100, height: 50 } });
    expect(cropJob({ ...CROP_DEFAULTS, aspect: '16:9', batch: 'centred' })).toMatchObject({ cropAspect: 16 / 9 });
    expect(cropJob({ ...CROP_DEFAULTS, aspect: 'free', batch: 'centred' }).crop).toBeDefined();
    expect(centredBox(320, 213, aspectRatio('1:1'))).toEqual({ x: 53, y: 0, width: 213, height: 213 });
  });
  it("read a JPEG's MCU and snap a box like jpegtran -crop", () => {
    expect(jpegMcu(new Uint8Array(readFileSync(path.join(FIXTURES, 'cat.jpg'))))).toEqual({ width: 16, height: 16 });
    expect(jpegMcu(new Uint8Array(readFileSync(path.join(FIXTURES, 'oriented-6.jpg'))))).toEqual({ width: 8, height: 8 });
    expect(jpegMcu(new Uint8Array(readFileSync(path.join(FIXTURES, 'coffee.png'))))).toBeNull();
    expect(snapBox({ x: 40, y: 20, width: 100, height: 60 }, { width: 16, height: 16 })).toEqual({ x: 32, y: 16, width: 108, height: 64 });
  });
});
