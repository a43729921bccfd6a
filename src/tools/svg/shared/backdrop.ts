import type { CSSProperties } from 'react';
import { checkerboard } from '../../../kit/checkerboard';

export type Backdrop = 'checker' | 'light' | 'dark';

/** The surface a picture is shown on: a checkerboard shows transparency. */
export function backdropStyle(kind: Backdrop): CSSProperties {
  if (kind === 'light') return { background: '#ffffff' };
  if (kind === 'dark') return { background: '#18181b' };
  return checkerboard();
}
