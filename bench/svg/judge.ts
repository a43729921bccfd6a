// The SVG yardstick's one rule, shared by bench/svg and the e2e sample: put the converter's rendering and
// the reference on white, count the pixels whose colour differs clearly (any channel by more than CHANNEL),
// and pass the test when their share of the image is at most SHARE. Both numbers were calibrated once on
// the resvg suite so that the browser's own PNG scores near Chrome's published rate (bench/svg/README.md).
export const CHANNEL = 96;
export const SHARE = 0.01;

/**
 * The share (0–1) of pixels that differ clearly between two same-size RGBA images, both put on white.
 * Self-contained (no outside names), so a test can send its source into a page to run there.
 */
export function differingShare(a: ArrayLike<number>, b: ArrayLike<number>, channel: number): number {
  if (a.length !== b.length) throw new Error(`size mismatch: ${a.length} vs ${b.length}`);
  let differing = 0;
  for (let i = 0; i < a.length; i += 4) {
    const wa = 255 * (1 - a[i + 3] / 255);
    const wb = 255 * (1 - b[i + 3] / 255);
    for (let c = 0; c < 3; c++) {
      if (Math.abs((a[i + c] * a[i + 3]) / 255 + wa - ((b[i + c] * b[i + 3]) / 255 + wb)) > channel) {
        differing++;
        break;
      }
    }
  }
  return differing / (a.length / 4);
}

export const passes = (share: number) => share <= SHARE;

// Issue 32's rule, the bench's judge since: both images on white, averaged over BLOCK × BLOCK blocks (partial
// blocks at the right and bottom edges over the pixels they hold); a block differs when one of its channel
// averages differs by more than BLOCK_CHANNEL; a test passes when at most BLOCK_SHARE of the blocks differ.
export const BLOCK = 3;
export const BLOCK_CHANNEL = 40;
export const BLOCK_SHARE = 0.001;

/** The share (0–1) of BLOCK × BLOCK blocks that differ (issue 32's rule). Self-contained, like differingShare. */
export function blockShare(a: ArrayLike<number>, b: ArrayLike<number>, width: number, height: number, block = 3, channel = 40): number {
  if (a.length !== b.length || a.length !== width * height * 4) throw new Error(`size mismatch: ${a.length} vs ${b.length} (${width} x ${height})`);
  const onWhite = (p: ArrayLike<number>, i: number, c: number) => (p[i + c] * p[i + 3]) / 255 + 255 * (1 - p[i + 3] / 255);
  let differing = 0;
  let blocks = 0;
  for (let by = 0; by < height; by += block) {
    for (let bx = 0; bx < width; bx += block) {
      const sum = [0, 0, 0];
      let count = 0;
      for (let y = by; y < Math.min(by + block, height); y++) {
        for (let x = bx; x < Math.min(bx + block, width); x++) {
          const i = (y * width + x) * 4;
          for (let c = 0; c < 3; c++) sum[c] += onWhite(a, i, c) - onWhite(b, i, c);
          count++;
        }
      }
      blocks++;
      if (sum.some((s) => Math.abs(s / count) > channel)) differing++;
    }
  }
  return differing / blocks;
}

export const blockPasses = (share: number) => share <= BLOCK_SHARE;
