import { useDeferredValue, useEffect, useState } from 'react';
import { inspectForDrawing } from '../../../engines/svg/client';
import { parseSvg, serializeSvg } from '../../../engines/svg/parse';
import { toErrorKey } from '../../../lib/errors';

export type PreviewState =
  | { status: 'empty' | 'checking' }
  | { status: 'error'; error: { key: string; params?: Record<string, string | number> } }
  | { status: 'ok'; svg: string; width: number; height: number; elements: number; bytes: number; unsafe: number };

const encoder = new TextEncoder();

function sized(text: string, unsafe: number): PreviewState {
  try {
    const { doc, root, size, elementCount } = parseSvg(text);
    // The picture at its own size in CSS px; zoom scales the <img>, not the SVG.
    if (!root.hasAttribute('viewBox')) root.setAttribute('viewBox', `0 0 ${size.width} ${size.height}`);
    root.setAttribute('width', String(size.width));
    root.setAttribute('height', String(size.height));
    return { status: 'ok', svg: serializeSvg(doc), width: size.width, height: size.height, elements: elementCount, bytes: encoder.encode(text).length, unsafe };
  } catch (error) {
    return { status: 'error', error: toErrorKey(error, 'svg-tools:errors.invalid') };
  }
}

/**
 * The code (deferred, so typing stays ahead) as what the preview shows. It is measured in a worker first:
 * a <use> bomb, an entity bomb or a file too large to draw quickly never reaches the page's parser or <img>.
 * Until the check of the current text answers, the last picture stays.
 */
export function usePreview(text: string): PreviewState {
  const deferred = useDeferredValue(text);
  const [checked, setChecked] = useState<{ text: string; state: PreviewState } | null>(null);
  useEffect(() => {
    if (!deferred.trim()) return;
    let current = true;
    inspectForDrawing(deferred, false).then(
      (info) => current && setChecked({ text: deferred, state: sized(deferred, info.unsafe) }),
      (error: unknown) => current && setChecked({ text: deferred, state: { status: 'error', error: toErrorKey(error, 'svg-tools:errors.invalid') } }),
    );
    return () => {
      current = false;
    };
  }, [deferred]);
  if (!deferred.trim()) return { status: 'empty' };
  return checked?.state ?? { status: 'checking' };
}
