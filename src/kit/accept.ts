// What a tool takes and whether a file fits it: pure, and light enough for the registry on the home page.
import { extensionOf } from '../lib/download';

/** What a tool takes: MIME types (wildcards like image/* allowed) and/or file name extensions. */
export interface AcceptSpec {
  mime?: string[];
  extensions?: string[];
  /** Bytes per file; no limit when absent. */
  maxSize?: number;
}

export function acceptsFile(spec: AcceptSpec, file: { name: string; type: string }): boolean {
  const ext = extensionOf(file.name);
  const byExt = (spec.extensions ?? []).some((e) => e.replace(/^\./, '').toLowerCase() === ext);
  const byMime = (spec.mime ?? []).some((m) => (m.endsWith('/*') ? file.type.startsWith(m.slice(0, -1)) : file.type === m));
  return byExt || byMime || (!spec.extensions?.length && !spec.mime?.length);
}

/** The value of an <input accept> attribute for the spec. */
export function acceptAttribute(spec: AcceptSpec): string {
  return [...(spec.mime ?? []), ...(spec.extensions ?? []).map((e) => `.${e.replace(/^\./, '')}`)].join(',');
}
