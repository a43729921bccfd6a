import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { foreignRequests, load, openFirefox, settle, SKIP_FIREFOX, type FirefoxSession } from './support';
import { ui } from './ui';

// Firefox ESR smoke of the image editing tools (issue 30): exiftool and jpegtran judge the downloads.
const GPS = path.resolve('src/tools/image/image-metadata/fixtures/gps.jpg');
const CAT = path.resolve('src/engines/codecs/fixtures/cat.jpg');

describe.skipIf(SKIP_FIREFOX)('Firefox ESR: image editing tools', { timeout: 120_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  beforeAll(async () => {
    ff = await openFirefox();
    $ = ui(ff);
    await load(ff, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);
  afterAll(async () => {
    await ff?.close();
  });

  it('metadata: the location removed, the camera kept', async () => {
    await $.openTool('/image/image-metadata');
    await $.upload(GPS);
    await settle(ff.page, 1, 0);
    const out = await ff.download($.rowDownload('gps.jpg'));
    const tags = execFileSync('exiftool', ['-s', '-G1', '-a', out.file], { encoding: 'utf8' });
    expect(tags).not.toMatch(/GPS/);
    expect(tags).toMatch(/Make\s+: LocalkitCam/);
    recordWorks('firefox', 'image-metadata', 'location removed, exiftool');
    await $.clear();
  });

  it('rotate: a JPEG turned 90° losslessly, as jpegtran does', async () => {
    await $.openTool('/image/image-rotate');
    await $.upload(CAT);
    await settle(ff.page, 1, 0);
    const out = await ff.download($.rowDownload('cat.jpg'));
    const reference = execFileSync('sh', ['-c', `jpegtran -rotate 90 -trim '${CAT}' | djpeg -ppm`]);
    expect(execFileSync('djpeg', ['-ppm', out.file]).equals(reference)).toBe(true);
    recordWorks('firefox', 'image-rotate', 'lossless 90°, equal to jpegtran');
    await $.clear();
  });

  it('sent nothing off the origin and logged no error', () => {
    expect(foreignRequests(ff)).toEqual([]);
    expect(ff.errors).toEqual([]);
  });
});
