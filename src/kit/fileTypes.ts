import { ToolError } from '../lib/errors';

/** What a tool takes: MIME types (wildcards like image/* allowed) and/or file name extensions. */
export interface AcceptSpec {
  mime?: string[];
  extensions?: string[];
  /** Bytes per file; no limit when absent. */
  maxSize?: number;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
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

export interface Rejection {
  name: string;
  error: ToolError;
}

/** Splits dropped files into accepted ones and rejections with a translated reason each. */
export function screenFiles(spec: AcceptSpec, files: File[]): { accepted: File[]; rejected: Rejection[] } {
  const accepted: File[] = [];
  const rejected: Rejection[] = [];
  for (const file of files) {
    if (!acceptsFile(spec, file)) rejected.push({ name: file.name, error: new ToolError('errors.wrongType', { name: file.name }) });
    else if (spec.maxSize !== undefined && file.size > spec.maxSize)
      rejected.push({ name: file.name, error: new ToolError('errors.tooLarge', { name: file.name, size: file.size, limit: spec.maxSize }) });
    else accepted.push(file);
  }
  return { accepted, rejected };
}
