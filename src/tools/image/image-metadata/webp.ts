// WebP metadata chunks (extended format): EXIF, "XMP " and ICCP, announced by flags in VP8X. The bitstream chunks
// (VP8, VP8L, ALPH, ANIM, ANMF) are copied as is; RIFF's size and VP8X's flags follow what is kept.
import { chunkBytes, webpChunks } from '../../../engines/codecs/webp-mux';
import { concat, emptyBlocks, latin1, type MetadataBlocks, type StripResult, type StripSettings } from './blocks';
import { orientationOnlyTiff, removeGps, tiffHasGps, tiffOrientation } from './tiff';
import { editXmpBytes } from './xmp';

const FLAG = { ICCP: 0x20, EXIF: 0x08, 'XMP ': 0x04 } as const;

/** Some writers put "Exif\0\0" before the TIFF header inside the chunk. */
const exifTiff = (data: Uint8Array) => (latin1(data.subarray(0, 6)) === 'Exif\0\0' ? data.subarray(6) : data);

export function webpBlocks(bytes: Uint8Array): MetadataBlocks {
  const blocks = emptyBlocks();
  for (const c of webpChunks(bytes)) {
    if (c.fourcc === 'EXIF') blocks.exif ??= exifTiff(c.data);
    else if (c.fourcc === 'XMP ') blocks.xmp.push(c.data);
    else if (c.fourcc === 'ICCP') blocks.icc = c.data;
  }
  return blocks;
}

export function stripWebp(bytes: Uint8Array, settings: StripSettings): StripResult {
  const removed = new Set<StripResult['removed'][number]>();
  let orientation = 1;
  const kept: { fourcc: string; data: Uint8Array }[] = [];
  for (const c of webpChunks(bytes)) {
    if (c.fourcc === 'EXIF' || c.fourcc === 'XMP ' || c.fourcc === 'ICCP') {
      const kind = c.fourcc === 'EXIF' ? 'exif' : c.fourcc === 'XMP ' ? 'xmp' : 'icc';
      if (settings.mode === 'all') {
        if (kind === 'icc' && settings.keepIcc) kept.push(c);
        else {
          if (kind === 'exif') orientation = tiffOrientation(exifTiff(c.data));
          removed.add(kind);
        }
        continue;
      }
      if (kind === 'exif' && tiffHasGps(exifTiff(c.data))) {
        const prefix = c.data.length - exifTiff(c.data).length;
        kept.push({ fourcc: 'EXIF', data: concat([c.data.subarray(0, prefix), removeGps(exifTiff(c.data)) ?? exifTiff(c.data)]) });
        removed.add('gps');
      } else if (kind === 'xmp') {
        const edited = editXmpBytes(c.data);
        if (edited) removed.add('gps');
        kept.push(edited ? { fourcc: 'XMP ', data: edited } : c);
      } else kept.push(c);
    } else kept.push(c);
  }
  const vp8x = kept.find((c) => c.fourcc === 'VP8X');
  if (orientation !== 1 && vp8x) kept.push({ fourcc: 'EXIF', data: orientationOnlyTiff(orientation) });
  if (vp8x) {
    const data = vp8x.data.slice();
    for (const [fourcc, flag] of Object.entries(FLAG)) data[0] = kept.some((c) => c.fourcc === fourcc) ? data[0] | flag : data[0] & ~flag;
    vp8x.data = data;
  }
  const body = concat(kept.map((c) => chunkBytes(c.fourcc, c.data)));
  const head = new Uint8Array(12);
  head.set(bytes.subarray(0, 12));
  new DataView(head.buffer).setUint32(4, body.length + 4, true);
  const keptOrientation = orientation !== 1 && vp8x ? orientation : undefined;
  return { bytes: concat([head, body]), removed: [...removed], ...(keptOrientation ? { keptOrientation } : {}) };
}
