import { ToolError } from '../lib/errors';
import { acceptsFile, type AcceptSpec } from './accept';

export { acceptAttribute, acceptsFile, type AcceptSpec } from './accept';

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
