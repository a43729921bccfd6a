import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { parseFailure, reasonKind } from './parseError';

const locale = (lng: string) => JSON.parse(readFileSync(path.resolve(__dirname, `../../../public/locales/${lng}/svg-tools.json`), 'utf8'));

describe("the SVG parser's complaint, translated", () => {
  it('sorts libxml2, expat and sax reasons into kinds', () => {
    expect(reasonKind('Unclosed root tag')).toBe('unclosed');
    expect(reasonKind('Premature end of data in tag svg line 1')).toBe('unclosed');
    expect(reasonKind('Opening and ending tag mismatch: g line 2 and svg')).toBe('mismatch');
    expect(reasonKind('mismatched tag. Expected: </g>.')).toBe('mismatch');
    expect(reasonKind('Extra content at the end of the document')).toBe('extraContent');
    expect(reasonKind('junk after document element')).toBe('extraContent');
    expect(reasonKind('Attribute width redefined')).toBe('attribute');
    expect(reasonKind("xmlParseEntityRef: no name")).toBe('ampersand');
    expect(reasonKind('StartTag: invalid element name')).toBe('tag');
    expect(reasonKind('Document is empty')).toBe('notMarkup');
    expect(reasonKind('something new')).toBe('malformed');
    // A bare "&" is a typo, not an entity bomb.
    expect(parseFailure('xmlParseEntityRef: no name', { line: 1, column: 5 }).key).toBe('svg-tools:errors.invalidAt');
  });

  it('shows no English in the German message, and says what to do', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'de', ns: ['svg-tools'], resources: { de: { 'svg-tools': locale('de') }, en: { 'svg-tools': locale('en') } }, interpolation: { escapeValue: false } });
    const error = parseFailure('Unclosed root tag', { line: 3, column: 68 });
    const text = i18n.t(error.key, error.params);
    expect(text).toBe(
      'Ungültiger SVG-Code (Zeile 3, Spalte 68): ein Element ist nicht geschlossen (die Datei wurde vielleicht abgeschnitten). Korrigieren Sie die Stelle in einem Texteditor oder exportieren Sie die Datei erneut aus dem Programm, das sie erstellt hat.',
    );
    const plain = parseFailure('Unclosed root tag');
    expect(i18n.t(plain.key, plain.params)).not.toMatch(/\$t|\{\{|Unclosed/);
  });
});
