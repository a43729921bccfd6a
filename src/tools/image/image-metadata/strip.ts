// The tool's pure logic: read the metadata blocks of a file, or remove all of them or only the location, by editing
// the container (JPEG segments, PNG chunks, WebP chunks). The coded image is never decoded nor re-encoded.
import { ToolError } from '../../../lib/errors';
import { detectFormat, LABEL, type InputFormat } from '../../../engines/codecs/formats';
import type { MetadataBlocks, StripResult, StripSettings } from './blocks';
import { jpegBlocks, JpegStructureError, stripJpeg } from './jpeg';
import { pngBlocks, PngStructureError, stripPng } from './png';
import { stripWebp, webpBlocks } from './webp';
import { gifBlocks, GifStructureError, stripGif } from './gif';
import { heifBlocks, HeifStructureError, stripHeif } from './heif';

export const STRIP_DEFAULTS: StripSettings = { mode: 'location', keepIcc: false };

const EDITABLE = ['jpeg', 'png', 'webp', 'gif', 'heic', 'avif'] as const;
type Editable = (typeof EDITABLE)[number];

function editable(bytes: Uint8Array): Editable {
  if (bytes.length === 0) throw new ToolError('image-metadata:errors.empty');
  const format = detectFormat(bytes);
  if (!format) throw new ToolError('image-codecs:errors.notImage');
  if (!(EDITABLE as readonly InputFormat[]).includes(format)) throw new ToolError('image-metadata:errors.unsupported', { format: format.toUpperCase() });
  return format as Editable;
}

function structural<T>(format: Editable, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof JpegStructureError || error instanceof PngStructureError || error instanceof GifStructureError || error instanceof HeifStructureError || (error instanceof Error && /WebP/.test(error.message))) {
      throw new ToolError('image-codecs:errors.truncated', { format: LABEL[format] });
    }
    throw error;
  }
}

export function readBlocks(bytes: Uint8Array): MetadataBlocks {
  const format = editable(bytes);
  return structural(format, () => (format === 'heic' || format === 'avif' ? heifBlocks(bytes) : format === 'jpeg' ? jpegBlocks(bytes) : format === 'png' ? pngBlocks(bytes) : format === 'gif' ? gifBlocks(bytes) : webpBlocks(bytes)));
}

export function stripMetadata(bytes: Uint8Array, settings: StripSettings): StripResult {
  const format = editable(bytes);
  return structural(format, () => (format === 'heic' || format === 'avif' ? stripHeif(bytes, settings) : format === 'jpeg' ? stripJpeg(bytes, settings) : format === 'png' ? stripPng(bytes, settings) : format === 'gif' ? stripGif(bytes, settings) : stripWebp(bytes, settings)));
}
