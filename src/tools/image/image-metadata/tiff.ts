// EXIF is a TIFF structure (header, IFD0 → Exif/GPS sub-IFDs, IFD1 thumbnail). Removing the location edits it in
// place: the GPS pointer leaves IFD0 and the GPS directory's bytes are zeroed, so every other offset stays valid and
// every other tag is byte for byte what it was.

const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
const GPS_POINTER = 0x8825;
const ORIENTATION = 0x0112;

interface Tiff {
  view: DataView;
  little: boolean;
}

function openTiff(tiff: Uint8Array): Tiff | null {
  if (tiff.length < 8) return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return null;
  return { view, little };
}

function ifd0(t: Tiff): { at: number; count: number } | null {
  const at = t.view.getUint32(4, t.little);
  if (at < 8 || at + 2 > t.view.byteLength) return null;
  const count = t.view.getUint16(at, t.little);
  if (at + 2 + count * 12 + 4 > t.view.byteLength) return null;
  return { at, count };
}

function findEntry(t: Tiff, dir: { at: number; count: number }, tag: number): number {
  for (let i = 0; i < dir.count; i++) if (t.view.getUint16(dir.at + 2 + i * 12, t.little) === tag) return i;
  return -1;
}

/** The Orientation tag of IFD0 (1–8), or 1 when absent or malformed. */
export function tiffOrientation(tiff: Uint8Array): number {
  const t = openTiff(tiff);
  const dir = t && ifd0(t);
  if (!t || !dir) return 1;
  const i = findEntry(t, dir, ORIENTATION);
  if (i < 0) return 1;
  const value = t.view.getUint16(dir.at + 2 + i * 12 + 8, t.little);
  return value >= 1 && value <= 8 ? value : 1;
}

/** True when IFD0 points to a GPS directory. */
export function tiffHasGps(tiff: Uint8Array): boolean {
  const t = openTiff(tiff);
  const dir = t && ifd0(t);
  return !!t && !!dir && findEntry(t, dir, GPS_POINTER) >= 0;
}

/**
 * A copy of the TIFF without its GPS directory: the pointer entry removed from IFD0 (the entries after it move up,
 * the freed 12 bytes are zeroed) and the GPS directory with its out-of-line values zeroed. Same length, so no other
 * offset moves. Null when there was no GPS pointer.
 */
export function removeGps(tiff: Uint8Array): Uint8Array | null {
  const out = tiff.slice();
  const t = openTiff(out);
  const dir = t && ifd0(t);
  if (!t || !dir) return null;
  const index = findEntry(t, dir, GPS_POINTER);
  if (index < 0) return null;
  const { view, little } = t;
  const gps = view.getUint32(dir.at + 2 + index * 12 + 8, little);
  if (gps >= 8 && gps + 2 <= out.length) {
    const count = view.getUint16(gps, little);
    const end = Math.min(out.length, gps + 2 + count * 12 + 4);
    for (let i = 0; i < count && gps + 2 + i * 12 + 12 <= out.length; i++) {
      const entry = gps + 2 + i * 12;
      const size = (TYPE_SIZE[view.getUint16(entry + 2, little)] ?? 0) * view.getUint32(entry + 4, little);
      if (size > 4) {
        const value = view.getUint32(entry + 8, little);
        if (value >= 8 && value < out.length) out.fill(0, value, Math.min(out.length, value + size));
      }
    }
    out.fill(0, gps, end);
  }
  // IFD0 loses the entry: later entries and the next-IFD offset move up by 12 bytes.
  const entryAt = dir.at + 2 + index * 12;
  const tail = dir.at + 2 + dir.count * 12 + 4;
  out.copyWithin(entryAt, entryAt + 12, tail);
  out.fill(0, tail - 12, tail);
  view.setUint16(dir.at, dir.count - 1, little);
  return out;
}

/** A TIFF holding only IFD0 with one Orientation tag: what "remove all" keeps so a turned photo stays upright. */
export function orientationOnlyTiff(orientation: number): Uint8Array {
  const out = new Uint8Array(8 + 2 + 12 + 4);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0x4d4d);
  view.setUint16(2, 42);
  view.setUint32(4, 8);
  view.setUint16(8, 1);
  view.setUint16(10, ORIENTATION);
  view.setUint16(12, 3);
  view.setUint32(14, 1);
  view.setUint16(18, orientation);
  return out;
}
