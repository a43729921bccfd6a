// jpegtran's lossless transforms on the coefficients: blocks move, coefficients inside a block transpose or change
// sign, quantisation tables transpose with them. An edge that is not on the MCU grid cannot move to the other side
// losslessly: like `jpegtran -trim`, those partial blocks are dropped (the result is a few pixels smaller).
import type { CoefficientImage, Component } from './parse';

/** The eight orientations of the dihedral group, as EXIF numbers them: 1 none, 2 flip H, 3 180°, 4 flip V,
 * 5 transpose, 6 90° clockwise, 7 transverse, 8 270° clockwise. */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

interface Op {
  transpose: boolean;
  flipX: boolean;
  flipY: boolean;
}

// First transpose, then the flips (in the output's axes).
const OPS: Record<Orientation, Op> = {
  1: { transpose: false, flipX: false, flipY: false },
  2: { transpose: false, flipX: true, flipY: false },
  3: { transpose: false, flipX: true, flipY: true },
  4: { transpose: false, flipX: false, flipY: true },
  5: { transpose: true, flipX: false, flipY: false },
  6: { transpose: true, flipX: true, flipY: false },
  7: { transpose: true, flipX: true, flipY: true },
  8: { transpose: true, flipX: false, flipY: true },
};

function toOrientation(op: Op): Orientation {
  return (Number(Object.entries(OPS).find(([, o]) => o.transpose === op.transpose && o.flipX === op.flipX && o.flipY === op.flipY)![0]) as Orientation);
}

/** `a` then `b`. */
export function compose(a: Orientation, b: Orientation): Orientation {
  const A = OPS[a];
  const B = OPS[b];
  return toOrientation({
    transpose: A.transpose !== B.transpose,
    flipX: (B.transpose ? A.flipY : A.flipX) !== B.flipX,
    flipY: (B.transpose ? A.flipX : A.flipY) !== B.flipY,
  });
}

/** A clockwise turn (a multiple of 90°) after optional flips, as one orientation. */
export function orientationOf(turn: number, flipH: boolean, flipV: boolean): Orientation {
  const flips: Orientation = flipH && flipV ? 3 : flipH ? 2 : flipV ? 4 : 1;
  const quarter = ((Math.round(turn / 90) % 4) + 4) % 4;
  return compose(flips, ([1, 6, 3, 8] as const)[quarter]);
}

export interface TransformResult {
  image: CoefficientImage;
  /** Pixels dropped at the source's right and bottom edges to stay on the block grid. */
  trimmed: { width: number; height: number };
}

/** Transforms the coefficients; `perfect` refuses (returns null) when an edge would have to be trimmed. */
export function transformCoefficients(src: CoefficientImage, orientation: Orientation, perfect = false): TransformResult | null {
  if (orientation === 1) return { image: src, trimmed: { width: 0, height: 0 } };
  const { transpose, flipX, flipY } = OPS[orientation];
  // Which source axes get mirrored: those whose far edge ends up at the near side.
  const mirrorSrcX = transpose ? flipY : flipX;
  const mirrorSrcY = transpose ? flipX : flipY;
  const mcuW = 8 * src.hmax;
  const mcuH = 8 * src.vmax;
  const width = mirrorSrcX ? Math.floor(src.width / mcuW) * mcuW : src.width;
  const height = mirrorSrcY ? Math.floor(src.height / mcuH) * mcuH : src.height;
  if (perfect && (width !== src.width || height !== src.height)) return null;
  if (width === 0 || height === 0) return null;

  const outW = transpose ? height : width;
  const outH = transpose ? width : height;
  const hmax = transpose ? src.vmax : src.hmax;
  const vmax = transpose ? src.hmax : src.vmax;
  const mcusW = Math.ceil(outW / (8 * hmax));
  const mcusH = Math.ceil(outH / (8 * vmax));
  // Sign of each coefficient after the in-block flips (applied after the in-block transpose).
  const sign = new Int8Array(64);
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) sign[r * 8 + c] = (flipX && c & 1 ? -1 : 1) * (flipY && r & 1 ? -1 : 1);

  const components: Component[] = src.components.map((c) => {
    const h = transpose ? c.v : c.h;
    const v = transpose ? c.h : c.v;
    const blocksW = mcusW * h;
    const blocksH = mcusH * v;
    const coeffs = new Int16Array(blocksW * blocksH * 64);
    // The source's mirrored extent in this component's blocks (whole, since trimmed to the MCU grid).
    const srcBW = (width / mcuW) * c.h;
    const srcBH = (height / mcuH) * c.v;
    for (let by = 0; by < blocksH; by++) {
      for (let bx = 0; bx < blocksW; bx++) {
        // Output block → source block: undo the flips, then the transpose.
        let tx = bx;
        let ty = by;
        if (flipX) tx = (transpose ? srcBH : srcBW) - 1 - bx;
        if (flipY) ty = (transpose ? srcBW : srcBH) - 1 - by;
        const sx = transpose ? ty : tx;
        const sy = transpose ? tx : ty;
        if (sx < 0 || sy < 0 || sx >= c.blocksW || sy >= c.blocksH) continue;
        const from = (sy * c.blocksW + sx) * 64;
        const to = (by * blocksW + bx) * 64;
        for (let r = 0; r < 8; r++)
          for (let col = 0; col < 8; col++) {
            const i = r * 8 + col;
            coeffs[to + i] = sign[i] * c.coeffs[from + (transpose ? col * 8 + r : i)];
          }
      }
    }
    return { id: c.id, h, v, tq: c.tq, blocksW, blocksH, coeffs };
  });
  const qt = transpose ? src.qt.map((q) => q && Uint16Array.from({ length: 64 }, (_, i) => q[(i & 7) * 8 + (i >> 3)])) : src.qt;
  return { image: { ...src, width: outW, height: outH, hmax, vmax, components, qt }, trimmed: { width: src.width - width, height: src.height - height } };
}

/**
 * A lossless crop, as `jpegtran -crop WxH+X+Y`: the top-left corner moves up and left onto the MCU grid (the box
 * grows by as much), the right and bottom edges stay where asked. Returns the box actually kept.
 */
export function cropCoefficients(src: CoefficientImage, box: { x: number; y: number; width: number; height: number }): { image: CoefficientImage; box: { x: number; y: number; width: number; height: number } } {
  const mcuW = 8 * src.hmax;
  const mcuH = 8 * src.vmax;
  const x = Math.floor(Math.max(0, Math.min(box.x, src.width - 1)) / mcuW) * mcuW;
  const y = Math.floor(Math.max(0, Math.min(box.y, src.height - 1)) / mcuH) * mcuH;
  const right = Math.min(src.width, Math.max(box.x + box.width, x + 1));
  const bottom = Math.min(src.height, Math.max(box.y + box.height, y + 1));
  const width = right - x;
  const height = bottom - y;
  const mcusW = Math.ceil(width / mcuW);
  const mcusH = Math.ceil(height / mcuH);
  const components = src.components.map((c) => {
    const blocksW = mcusW * c.h;
    const blocksH = mcusH * c.v;
    const coeffs = new Int16Array(blocksW * blocksH * 64);
    const ox = (x / mcuW) * c.h;
    const oy = (y / mcuH) * c.v;
    for (let by = 0; by < blocksH && oy + by < c.blocksH; by++) {
      const rowLength = Math.min(blocksW, c.blocksW - ox) * 64;
      const from = ((oy + by) * c.blocksW + ox) * 64;
      coeffs.set(c.coeffs.subarray(from, from + rowLength), by * blocksW * 64);
    }
    return { ...c, blocksW, blocksH, coeffs };
  });
  return { image: { ...src, width, height, components }, box: { x, y, width, height } };
}
