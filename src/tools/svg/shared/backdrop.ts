import type { CSSProperties } from 'react';

export type Backdrop = 'checker' | 'light' | 'dark';

/** The surface a picture is shown on: a checkerboard shows transparency. */
export function backdropStyle(kind: Backdrop): CSSProperties {
  if (kind === 'light') return { background: '#ffffff' };
  if (kind === 'dark') return { background: '#18181b' };
  return { backgroundColor: '#ffffff', backgroundImage: 'repeating-conic-gradient(#d4d4d8 0 25%, #ffffff 0 50%)', backgroundSize: '16px 16px' };
}
