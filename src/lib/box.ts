// Boxes on pictures, in the picture's own pixels: shared by the tools that crop images and videos.

/** The largest box of the ratio width/height centred on a picture. */
export function centredBox(width: number, height: number, ratio: number): { x: number; y: number; width: number; height: number } {
  const w = Math.min(width, Math.round(height * ratio));
  const h = Math.min(height, Math.round(w / ratio));
  return { x: Math.floor((width - w) / 2), y: Math.floor((height - h) / 2), width: w, height: h };
}

/** 'free' → 0, '16:9' → 16/9: the aspect presets of the crop tools. */
export function aspectOf(aspect: string): number {
  const [w, h] = aspect.split(':').map(Number);
  return w > 0 && h > 0 ? w / h : 0;
}

/** A box with its corner moved up and left onto a grid (its far edges kept): a lossless JPEG crop's, as jpegtran -crop. */
export function snapBox(box: { x: number; y: number; width: number; height: number }, grid: { width: number; height: number }): { x: number; y: number; width: number; height: number } {
  const x = Math.floor(box.x / grid.width) * grid.width;
  const y = Math.floor(box.y / grid.height) * grid.height;
  return { x, y, width: box.width + box.x - x, height: box.height + box.y - y };
}
