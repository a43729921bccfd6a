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
