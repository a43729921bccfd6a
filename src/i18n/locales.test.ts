import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, matchLanguage } from './languages';

const LOCALES = path.resolve(__dirname, '../../public/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

const read = (lng: string, ns: string) => flatten(JSON.parse(readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8')) as Tree);
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();
const namespaces = readdirSync(path.join(LOCALES, 'en')).map((f) => f.replace(/\.json$/, ''));

describe('locales', () => {
  it('has a folder for every UI language and nothing else', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  for (const ns of namespaces) {
    const en = read('en', ns);
    const enBases = new Set(Object.keys(en).map((k) => k.replace(PLURAL, '')));

    for (const lng of LANGUAGE_CODES) {
      describe(`${lng}/${ns}.json`, () => {
        it('exists', () => {
          expect(existsSync(path.join(LOCALES, lng, `${ns}.json`))).toBe(true);
        });

        const strings = existsSync(path.join(LOCALES, lng, `${ns}.json`)) ? read(lng, ns) : {};

        it('has every key English has, no key English lacks, and no empty value', () => {
          const bases = new Set(Object.keys(strings).map((k) => k.replace(PLURAL, '')));
          expect([...enBases].filter((k) => !bases.has(k)), 'missing keys').toEqual([]);
          expect([...bases].filter((k) => !enBases.has(k)), 'keys English lacks').toEqual([]);
          expect(Object.entries(strings).filter(([, v]) => v.trim() === '').map(([k]) => k), 'empty values').toEqual([]);
        });

        it('has the plural forms the language needs and the same placeholders', () => {
          const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
          const pluralBases = new Set(Object.keys(en).filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
          for (const base of pluralBases) {
            for (const c of categories) {
              if (c === 'zero' || c === 'two' || c === 'few' || c === 'many') continue; // not used by our six languages
              expect(strings[`${base}_${c}`], `${base}_${c}`).toBeTruthy();
            }
          }
          for (const [key, value] of Object.entries(strings)) {
            const enValue = en[key] ?? en[`${key.replace(PLURAL, '')}_other`];
            if (enValue === undefined) continue;
            expect(placeholders(value), key).toEqual(placeholders(enValue));
          }
        });

        if (lng === 'de') {
          it('addresses the user as "Sie" only, never "du"', () => {
            // Pronouns and the imperatives the du-form used ("Wähle…", "Ziehe…"); the formal form dominates.
            const du = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b|(^|[.:;!?]\s+)(Wähle|Ziehe|Lege|Füge|Klicke|Öffne|Versuche|Prüfe|Lade|Gib|Nimm)\s/iu;
            expect(Object.entries(strings).filter(([, v]) => du.test(v)).map(([k, v]) => `${k}: ${v}`)).toEqual([]);
          });
        }

        if (lng !== 'en') {
          it('is a real translation, not an English copy', () => {
            const same = Object.entries(strings).filter(([k, v]) => en[k] === v && /[a-z]{3,}/i.test(v));
            // Brand and format names may stay as they are; most strings must differ.
            expect(same.length / Math.max(1, Object.keys(strings).length)).toBeLessThan(0.15);
          });
        }
      });
    }
  }
});

describe('language matching', () => {
  it('maps browser language tags to our six languages', () => {
    expect(matchLanguage('zh-CN')).toBe('zh');
    expect(matchLanguage('zh')).toBe('zh');
    expect(matchLanguage('zh-TW')).toBe('zh-TW');
    expect(matchLanguage('zh-HK')).toBe('zh-TW');
    expect(matchLanguage('zh-Hant')).toBe('zh-TW');
    expect(matchLanguage('de-AT')).toBe('de');
    expect(matchLanguage('ja-JP')).toBe('ja');
    expect(matchLanguage('ko')).toBe('ko');
    expect(matchLanguage('fr-FR')).toBe('en');
    expect(matchLanguage(undefined)).toBe('en');
  });
});
