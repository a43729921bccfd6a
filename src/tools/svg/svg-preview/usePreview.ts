import { useDeferredValue, useMemo } from 'react';
import { parseSvg, serializeSvg } from '../../../engines/svg/parse';
import { toErrorKey } from '../../../lib/errors';

export type PreviewState =
  | { status: 'empty' }
  | { status: 'error'; error: { key: string; params?: Record<string, string | number> } }
  | { status: 'ok'; svg: string; width: number; height: number; elements: number; bytes: number };

const encoder = new TextEncoder();

/** Parses the code (deferred, so typing stays ahead) into what the preview shows: a sized SVG or an error. */
export function usePreview(text: string): PreviewState {
  const deferred = useDeferredValue(text);
  return useMemo(() => {
    if (!deferred.trim()) return { status: 'empty' };
    try {
      const { doc, root, size, elementCount } = parseSvg(deferred);
      // The picture at its own size in CSS px; zoom scales the <img>, not the SVG.
      if (!root.hasAttribute('viewBox')) root.setAttribute('viewBox', `0 0 ${size.width} ${size.height}`);
      root.setAttribute('width', String(size.width));
      root.setAttribute('height', String(size.height));
      return { status: 'ok', svg: serializeSvg(doc), width: size.width, height: size.height, elements: elementCount, bytes: encoder.encode(deferred).length };
    } catch (error) {
      return { status: 'error', error: toErrorKey(error, 'svg-tools:errors.invalid') };
    }
  }, [deferred]);
}
