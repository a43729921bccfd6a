import { readFileSync } from 'node:fs';
import path from 'node:path';

export const LANGS = ['en', 'zh', 'zh-TW', 'ja', 'de', 'ko'] as const;

/** A translated string from public/locales, by language, namespace and dotted key. */
export function tr(lng: string, key: string, ns = 'common'): string {
  const tree = JSON.parse(readFileSync(path.resolve('public/locales', lng, `${ns}.json`), 'utf8'));
  const value = key.split('.').reduce((node, k) => node?.[k], tree);
  if (typeof value !== 'string') throw new Error(`No string ${lng}/${ns}:${key}`);
  return value;
}
