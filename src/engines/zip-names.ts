// Entry names for the ZIPs we write. A name comes from a user's file, so it is hostile: it must not
// climb out of the folder it is unpacked into, hide its real extension behind a bidi override, break
// a listing with a newline, or be a name Windows cannot create. (sanitize-filename and filenamify
// cover part of this but blank reserved names instead of keeping them readable and leave bidi
// controls in, so the rules are written out here.)
import { uniqueNames } from '../lib/download';

/** Longest name in UTF-8 bytes: 255 is the limit of most file systems; room is left for " (12)". */
const MAX_BYTES = 200;
/** Path separators of both kinds: an entry is always a plain file at the top of the archive. */
const SEPARATORS = /[/\\]+/;
/** C0 and C1 controls, DEL, and the bidi controls (embeddings, overrides, isolates, marks). */
const CONTROLS = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/** Characters Windows does not allow in a file name. */
const FORBIDDEN = /[<>:"|?*]/g;
/** Device names Windows reserves, with any extension: CON, CON.txt, com1.tar.gz. */
const RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

const encoder = new TextEncoder();
const bytes = (s: string) => encoder.encode(s).length;

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
function truncate(s: string, max: number): string {
  let out = '';
  let size = 0;
  for (const ch of s) {
    size += bytes(ch);
    if (size > max) break;
    out += ch;
  }
  return out;
}

/** A name that unpacks as one plain file in the target folder, on every system. */
function safeZipName(name: string): string {
  const segments = name
    .normalize('NFC')
    .replace(CONTROLS, (c) => (/\p{Cc}/u.test(c) ? '_' : ''))
    .split(SEPARATORS)
    .map((s) => s.trim())
    .filter((s) => s !== '' && !/^\.+$/.test(s));
  let clean = segments.join('_').replace(FORBIDDEN, '_').replace(/[. ]+$/, '').replace(/^ +/, '');
  if (RESERVED.test(clean)) clean = `_${clean}`;
  if (bytes(clean) > MAX_BYTES) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
    clean = truncate(clean.slice(0, clean.length - ext.length), MAX_BYTES - bytes(ext)).replace(/[. ]+$/, '') + ext;
  }
  return clean === '' ? 'file' : clean;
}

/**
 * Safe names, unique inside one archive (case-insensitively, as Windows and macOS compare names). A name stays a
 * plain file name; only `folders` (one per name, '' for none, parts split at '/') make the archive's folders.
 */
export function safeZipNames(names: string[], folders: string[] = []): string[] {
  return uniqueNames(
    names.map((name, i) => {
      const parts = (folders[i] ?? '').split('/').filter((p) => p.trim() !== '' && !/^\.+$/.test(p.trim()));
      return [...parts.map(safeZipName), safeZipName(name)].join('/');
    }),
  );
}
