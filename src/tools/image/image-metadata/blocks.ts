// What a metadata block is, wherever the container keeps it (JPEG segment, PNG chunk, WebP chunk).

export type BlockKind = 'exif' | 'xmp' | 'iptc' | 'icc' | 'comment' | 'other';

/** The metadata a file carries, as raw payloads (what the reader shows and the stripper edits). */
export interface MetadataBlocks {
  /** The EXIF TIFF structure (starts with II or MM). */
  exif?: Uint8Array;
  xmp: Uint8Array[];
  /** Photoshop image resources (APP13), where IPTC lives. */
  iptc?: Uint8Array;
  icc?: Uint8Array;
  comments: string[];
  /** Other metadata blocks by name (e.g. "APP12", "tIME", "MPF"). */
  other: string[];
}

export interface StripSettings {
  mode: 'location' | 'all';
  /** "Remove all" keeps the colour profile (ICC) when true: colours stay as they were. */
  keepIcc: boolean;
}

export interface StripResult {
  bytes: Uint8Array;
  /** What went: kinds of block, and 'gps' for a location removed from EXIF or XMP. */
  removed: (BlockKind | 'gps')[];
  /** "Remove all" wrote a bare Orientation tag back so the picture stays upright. */
  keptOrientation?: number;
  /** "Remove all" without keeping the colour profile kept it all the same (HEIF: it is a property of the image). */
  keptIcc?: boolean;
}

export const emptyBlocks = (): MetadataBlocks => ({ xmp: [], comments: [], other: [] });

export const latin1 = (bytes: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return s;
};

export const startsWith = (bytes: Uint8Array, at: number, text: string): boolean => {
  if (at + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
};

export { concatBytes as concat } from '../../../lib/png-chunks';
