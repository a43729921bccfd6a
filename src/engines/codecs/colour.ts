// Colour spaces other than sRGB in decoded pixels (HEIC from phones is Display P3). The pixels are wrapped
// in an uncompressed PNG tagged with their profile — iCCP for an ICC profile, cICP for H.273 code points
// (nclx) — and decoded by the browser, whose colour management converts them to sRGB like any tagged image.
import { zlibSync } from 'fflate';
import { concatBytes, ihdr, PNG_SIGNATURE, pngChunk } from '../../lib/png-chunks';
import type { Pixels } from './pixels';

export interface ColourProfile {
  icc?: Uint8Array;
  /** H.273 colour primaries and transfer characteristics. */
  cicp?: { primaries: number; transfer: number };
}

/** True unless the pixels are sRGB already: an ICC profile, or code points other than BT.709/sRGB or unspecified. */
export function needsConversion(profile: ColourProfile | null): boolean {
  if (!profile) return false;
  if (profile.icc?.length) return true;
  if (!profile.cicp) return false;
  const { primaries, transfer } = profile.cicp;
  return ![1, 2].includes(primaries) || ![2, 13].includes(transfer);
}

/** An RGBA PNG (filter none, stored deflate: it is decoded at once) tagged with the profile. */
export function taggedPng(p: Pixels, profile: ColourProfile): Uint8Array {
  const stride = p.width * 4;
  const raw = new Uint8Array((stride + 1) * p.height);
  for (let y = 0; y < p.height; y++) raw.set(p.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const tag = profile.icc?.length
    ? pngChunk('iCCP', concatBytes([new TextEncoder().encode('icc\0\0'), zlibSync(profile.icc)]))
    : pngChunk('cICP', new Uint8Array([profile.cicp!.primaries, profile.cicp!.transfer, 0, 1]));
  return concatBytes([PNG_SIGNATURE, pngChunk('IHDR', ihdr(p.width, p.height, true)), tag, pngChunk('IDAT', zlibSync(raw, { level: 0 })), pngChunk('IEND', new Uint8Array())]);
}
