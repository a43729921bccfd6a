import { useEffect, useMemo } from 'react';

/** An object URL for SVG text or a blob (always typed image/svg+xml for SVG), revoked when it changes or the view goes. */
export function useObjectUrl(source: Blob | string | undefined, type?: string): string | undefined {
  const url = useMemo(() => {
    if (source === undefined) return undefined;
    const blob = typeof source === 'string' || (type && source.type !== type) ? new Blob([source], { type: type ?? 'image/svg+xml' }) : source;
    return URL.createObjectURL(blob);
  }, [source, type]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
