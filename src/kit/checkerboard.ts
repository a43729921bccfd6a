import type { CSSProperties } from 'react';

/** The surface behind pictures that may be transparent: light grey and white squares of `square` px. */
export function checkerboard(square = 16): CSSProperties {
  return { backgroundColor: '#ffffff', backgroundImage: 'repeating-conic-gradient(#d4d4d8 0 25%, #ffffff 0 50%)', backgroundSize: `${square}px ${square}px` };
}
