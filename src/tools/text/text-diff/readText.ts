// What a text box does to a file's line breaks, and back. (Files are read by lib/text-file.)

/** Every line break is CRLF (a Windows file). */
export function isCrlfOnly(text: string): boolean {
  return text.includes('\r\n') && !/(^|[^\r])\n/.test(text);
}

/**
 * What a text box shows: browsers turn CRLF and lone CR into LF in a textarea's value. Showing the
 * normalised text keeps the caret where it is; the exact text is kept for the comparison.
 */
export function forTextarea(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** The edited text box back to the file's line breaks, when the file used CRLF throughout. */
export function fromTextarea(value: string, crlf: boolean): string {
  return crlf ? value.replace(/\n/g, '\r\n') : value;
}
