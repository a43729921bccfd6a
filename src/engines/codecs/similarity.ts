// How alike two images look: SSIM exactly as ssim.js computes it by default (luma, 11×11 window, the
// original paper's downsampling), the same measure bench/image uses to compare encoders.
import { ssim } from 'ssim.js';
import type { Pixels } from './pixels';

export function similarity(original: Pixels, candidate: Pixels): number {
  if (original.width !== candidate.width || original.height !== candidate.height) return 0;
  const asImage = (p: Pixels) => ({ data: p.data, width: p.width, height: p.height }) as unknown as ImageData;
  return ssim(asImage(original), asImage(candidate)).mssim;
}
