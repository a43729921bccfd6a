// Compress PDF: each page is run once through a listening device to learn the largest size each picture is shown at,
// then a picture holding more pixels than the chosen resolution needs is scaled down (area averaging) and re-encoded
// with the app's MozJPEG (4:2:0; bench/pdf: at quality 77, 0.87× Ghostscript /ebook's bytes on scanned pages with
// a lower butteraugli distance and a higher PSNR); unused objects are dropped and small objects packed into object
// streams. Text, fonts, vector drawing and page structure are copied as they are.
import * as mupdf from 'mupdf';
import { jpegEncoder } from '../codecs/loaders';
import { mozjpegOptions } from '../codecs/encode';
import { ToolError } from '../../lib/errors';
import { openPdf } from './mupdf-ops';
import { areaResize } from './area-resize';
import { type1FontsToCff } from './font-type1c';
import { canMergeTextRuns, mergeTextRuns } from './text-runs';

export interface CompressSettings {
  /** Pictures shown above `dpi` × 1.5 are scaled down to `dpi` (as Ghostscript's DownsampleThreshold). */
  dpi: number;
  /** MuPDF/MozJPEG quality 1-100. */
  quality: number;
}

export interface CompressResult {
  bytes: Uint8Array;
  pages: number;
  repaired: boolean;
  /** The output was not smaller: these are the input's bytes. */
  keptOriginal: boolean;
  /** Pictures re-encoded, of those found. */
  images: { rewritten: number; total: number };
  /** Type 1 fonts written as CFF, of those found. */
  fonts: { converted: number; total: number };
}

// deduplicate: identical objects kept once; clean: content streams rewritten by MuPDF's filter (same drawing, fewer
// redundant operators: Quartz output 116 -> 111 KB).
const SAVE = 'garbage=deduplicate,compress,objstms=yes,compression-effort=100,clean';
/** Scaled down only past this factor of the target, so a picture a little above it is not blurred for a few bytes. */
export const DOWNSAMPLE_THRESHOLD = 1.5;
/** A lossless picture is only turned into JPEG when that saves at least this share (diagrams stay sharp otherwise). */
const LOSSLESS_GAIN = 0.5;
/** A JPEG re-encoded at its own size must save this share, or it keeps its bytes (no second loss for little). */
const JPEG_GAIN = 0.15;

/** The pixel size a picture of `w`×`h` pixels shown at `shown` points should have at `dpi` (never larger). */
export function targetSize(w: number, h: number, shown: { w: number; h: number }, dpi: number): { w: number; h: number } {
  const needW = (shown.w / 72) * dpi;
  const needH = (shown.h / 72) * dpi;
  const scale = Math.max(needW / w, needH / h);
  if (!(scale > 0) || scale * DOWNSAMPLE_THRESHOLD >= 1) return { w, h };
  return { w: Math.max(1, Math.round(w * scale)), h: Math.max(1, Math.round(h * scale)) };
}

/** The largest size (points) each picture is drawn at, keyed by MuPDF's image (the same object for the same stream). */
function shownSizes(doc: mupdf.PDFDocument, onPage: (done: number, total: number) => void): Map<number, { w: number; h: number }> {
  const sizes = new Map<number, { w: number; h: number }>();
  const note = (image: mupdf.Image, ctm: mupdf.Matrix) => {
    const w = Math.hypot(ctm[0], ctm[1]);
    const h = Math.hypot(ctm[2], ctm[3]);
    const key = image.pointer as unknown as number;
    const seen = sizes.get(key);
    sizes.set(key, { w: Math.max(w, seen?.w ?? 0), h: Math.max(h, seen?.h ?? 0) });
  };
  // mupdf's typings do not export DeviceFunctions, the callbacks form of the constructor.
  const device = new mupdf.Device({
    fillImage: (image: mupdf.Image, ctm: mupdf.Matrix) => note(image, ctm),
    fillImageMask: (image: mupdf.Image, ctm: mupdf.Matrix) => note(image, ctm),
    clipImageMask: (image: mupdf.Image, ctm: mupdf.Matrix) => note(image, ctm),
  } as never);
  const count = doc.countPages();
  for (let i = 0; i < count; i++) {
    try {
      doc.loadPage(i).run(device, mupdf.Matrix.identity);
    } catch {
      throw new ToolError('pdf:errors.damagedPage', { page: i + 1 });
    }
    onPage(i + 1, count);
  }
  device.close();
  return sizes;
}

const name = (o: mupdf.PDFObject) => (o.isName() ? o.asName() : '');

/** Pictures we may re-encode: 8-bit grey or colour, no colour-key mask, no Decode remapping, not a mask itself. */
function rewritable(dict: mupdf.PDFObject): boolean {
  if (dict.get('ImageMask').isBoolean() && dict.get('ImageMask').asBoolean()) return false;
  if (!dict.get('Decode').isNull() || dict.get('Mask').isArray()) return false;
  const bpc = dict.get('BitsPerComponent');
  if (bpc.isNumber() && bpc.asNumber() < 8) return false;
  return true;
}

function filterOf(dict: mupdf.PDFObject): string {
  const f = dict.get('Filter');
  if (f.isArray()) return f.length > 0 ? name(f.get(f.length - 1)) : '';
  return name(f);
}

/** RGBA pixels of a grey or colour pixmap (alpha dropped; a soft mask stays a separate object). */
function rgba(pix: mupdf.Pixmap): { data: Uint8ClampedArray; width: number; height: number; grey: boolean } {
  const n = pix.getNumberOfComponents();
  const cs = pix.getColorSpace();
  const grey = n === 1 && cs !== null && cs.isGray();
  const rgb = grey || (n === 3 && cs !== null && cs.isRGB()) ? pix : pix.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, false);
  const src = rgb.getPixels();
  const comps = rgb.getNumberOfComponents() + rgb.getAlpha();
  const width = rgb.getWidth();
  const height = rgb.getHeight();
  const stride = rgb.getStride();
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = y * stride + x * comps;
      const d = (y * width + x) * 4;
      if (grey) {
        data[d] = data[d + 1] = data[d + 2] = src[s];
      } else {
        data[d] = src[s];
        data[d + 1] = src[s + 1];
        data[d + 2] = src[s + 2];
      }
      data[d + 3] = 255;
    }
  }
  return { data, width, height, grey };
}

async function encodeJpeg(p: { data: Uint8ClampedArray; width: number; height: number }, grey: boolean, quality: number): Promise<Uint8Array> {
  const encode = await jpegEncoder();
  // color_space 1 = JCS_GRAYSCALE: one channel for grey pictures instead of three.
  const options = { ...mozjpegOptions(quality, 1), ...(grey ? { color_space: 1 } : {}) };
  return new Uint8Array(await encode({ data: p.data, width: p.width, height: p.height, colorSpace: 'srgb' } as ImageData, options));
}

const latin1 = new TextDecoder('latin1');

/** The page's content streams with one-word text blocks merged (text-runs.ts); a page that cannot be read is left. */
function mergePageTextRuns(page: mupdf.PDFObject): void {
  const contents = page.get('Contents');
  const streams = (contents.isArray() ? Array.from({ length: contents.length }, (_, k) => contents.get(k)) : [contents]).filter((s) => s.isStream());
  let texts: string[];
  try {
    texts = streams.map((s) => latin1.decode(s.readStream().asUint8Array()));
  } catch {
    return;
  }
  // The text state runs on from one stream of a page to the next: the check is over all of them.
  if (!canMergeTextRuns(texts.join('\n'))) return;
  streams.forEach((stream, k) => {
    const merged = mergeTextRuns(texts[k]);
    if (merged !== texts[k]) stream.writeStream(Uint8Array.from(merged, (c) => c.charCodeAt(0)));
  });
}

/** Compresses a PDF; `onProgress` counts pages measured, then pictures handled (two real counts, one after the other). */
export async function compressPdf(bytes: Uint8Array, settings: CompressSettings, onProgress: (done: number, total: number) => void = () => {}): Promise<CompressResult> {
  const { doc, repaired } = openPdf(bytes);
  const pages = doc.countPages();
  const shown = shownSizes(doc, onProgress);
  const candidates: { obj: mupdf.PDFObject; image: mupdf.Image; size: { w: number; h: number } }[] = [];
  let total = 0;
  const objects = doc.countObjects();
  for (let num = 1; num < objects; num++) {
    const obj = doc.newIndirect(num);
    let dict: mupdf.PDFObject;
    try {
      dict = obj.resolve();
      if (!obj.isStream() || name(dict.get('Subtype')) !== 'Image') continue;
    } catch {
      continue;
    }
    total++;
    if (!rewritable(dict)) continue;
    let image: mupdf.Image;
    try {
      image = doc.loadImage(obj);
    } catch {
      continue;
    }
    const size = shown.get(image.pointer as unknown as number);
    // Not drawn on any page (a soft mask, or unused): left to the garbage collector or its parent picture.
    if (size) candidates.push({ obj, image, size });
  }
  let rewritten = 0;
  for (const [k, { obj, image, size }] of candidates.entries()) {
    const dict = obj.resolve();
    const w = image.getWidth();
    const h = image.getHeight();
    const target = targetSize(w, h, size, Math.max(10, settings.dpi));
    const filter = filterOf(dict);
    const lossless = filter !== 'DCTDecode' && filter !== 'JPXDecode';
    const resized = target.w !== w || target.h !== h;
    const old = obj.readRawStream().length;
    if (resized || filter !== 'JPXDecode') {
      let pix: mupdf.Pixmap;
      try {
        pix = image.toPixmap();
      } catch {
        continue;
      }
      const px = rgba(pix);
      const scaled = resized ? areaResize(px, target.w, target.h) : px;
      const jpeg = await encodeJpeg(scaled, px.grey, settings.quality);
      const gain = resized ? 0 : lossless ? LOSSLESS_GAIN : JPEG_GAIN;
      if (jpeg.length < old * (1 - gain)) {
        obj.writeRawStream(jpeg);
        dict.put('Filter', doc.newName('DCTDecode'));
        dict.delete('DecodeParms');
        dict.put('Width', target.w);
        dict.put('Height', target.h);
        dict.put('BitsPerComponent', 8);
        dict.put('ColorSpace', doc.newName(px.grey ? 'DeviceGray' : 'DeviceRGB'));
        rewritten++;
      }
    }
    onProgress(k + 1, candidates.length);
  }
  const fonts = type1FontsToCff(doc);
  for (let i = 0; i < pages; i++) mergePageTextRuns(doc.findPage(i));
  let out: Uint8Array;
  try {
    out = doc.saveToBuffer(SAVE).asUint8Array().slice();
  } catch {
    throw new ToolError('pdf:errors.damaged');
  }
  const keptOriginal = out.byteLength >= bytes.byteLength;
  return { bytes: keptOriginal ? bytes : out, pages, repaired, keptOriginal, images: { rewritten, total }, fonts };
}
