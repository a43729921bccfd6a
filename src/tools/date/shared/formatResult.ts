/** The kinds of result the playground shows (translated as date-playground:kinds.<kind>). */
export const SHOWN_KINDS = ['date', 'duration', 'invalid', 'string', 'number', 'boolean', 'null', 'undefined', 'array', 'object', 'jsDate'] as const;

/** How the playground shows a value: its kind, the main text and, for dates and durations, a second form. Plain data only. */
export interface ShownResult {
  kind: (typeof SHOWN_KINDS)[number];
  value: string;
  /** The formatted date (format()) or the humanized duration. */
  secondary?: string;
}

/** What the page needs to know about the library's own objects (by identity, never by shape). */
export interface LibraryAdapter {
  isDate: (value: unknown) => value is LibDate;
  isDuration: (value: unknown) => value is LibDuration;
}

interface LibDate {
  isValid(): boolean;
  toISOString(): unknown;
  format(): unknown;
}

interface LibDuration {
  toISOString(): unknown;
  humanize(): unknown;
}

const MAX_CHARS = 10_000;

function clip(text: string): string {
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
}

/** A library method's answer as text: a library that returns anything but a string is shown, not trusted. */
function text(value: unknown): string {
  return typeof value === 'string' ? clip(value) : clip(toJson(value));
}

export function formatResult(value: unknown, lib: LibraryAdapter): ShownResult {
  if (lib.isDate(value)) {
    if (!value.isValid()) return { kind: 'invalid', value: 'Invalid Date' };
    return { kind: 'date', value: text(value.toISOString()), secondary: text(value.format()) };
  }
  if (lib.isDuration(value)) return { kind: 'duration', value: text(value.toISOString()), secondary: text(value.humanize()) };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { kind: 'invalid', value: 'Invalid Date' } : { kind: 'jsDate', value: value.toISOString() };
  if (value === null) return { kind: 'null', value: 'null' };
  switch (typeof value) {
    case 'string':
      return { kind: 'string', value: clip(value) };
    case 'number':
      return { kind: 'number', value: String(value) };
    case 'boolean':
      return { kind: 'boolean', value: String(value) };
    case 'undefined':
      return { kind: 'undefined', value: 'undefined' };
    case 'function':
    case 'symbol':
      return { kind: 'object', value: `[${typeof value}]` };
    default:
      // Arrays and plain objects (toArray(), toObject(), moment.months()); library objects inside become ISO strings.
      return { kind: Array.isArray(value) ? 'array' : 'object', value: clip(toJson(value)) };
  }
}

function toJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? String(value);
  } catch {
    return '[object]';
  }
}
