import { useEffect, useMemo } from 'react';

/**
 * An object URL for a blob, or for text given with its type (SVG text defaults to image/svg+xml), revoked when it
 * changes or the view goes. A blob of another type than `type` is wrapped as `type`.
 */
export function useObjectUrl(source: Blob | string | undefined, type?: string): string | undefined {
  const url = useMemo(() => {
    if (source === undefined) return undefined;
    const blob = typeof source === 'string' || (type && source.type !== type) ? new Blob([source], { type: type ?? 'image/svg+xml' }) : source;
    return URL.createObjectURL(blob);
  }, [source, type]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
