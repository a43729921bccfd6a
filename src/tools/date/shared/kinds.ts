/** A value's kind for error messages, translated as date-playground:kinds.<kind>. */
export function basicKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'jsDate';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean' || type === 'undefined' || type === 'function') return type;
  return 'object';
}
