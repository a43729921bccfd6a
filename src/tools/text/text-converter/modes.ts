// The conversions the tool offers. Pure data: the page, the worker and the tests share it.

export const CASE_MODES = ['upper', 'lower', 'title', 'sentence', 'camel', 'pascal', 'snake', 'kebab', 'constant', 'dot'] as const;
export const CHINESE_MODES = ['s2t', 's2tw', 's2twp', 's2hk', 't2s', 'tw2s', 'tw2sp', 'hk2s'] as const;

export type CaseMode = (typeof CASE_MODES)[number];
export type ChineseMode = (typeof CHINESE_MODES)[number];
export type Mode = CaseMode | ChineseMode;

export const MODES: readonly Mode[] = [...CASE_MODES, ...CHINESE_MODES];

export function isMode(value: unknown): value is Mode {
  return typeof value === 'string' && (MODES as readonly string[]).includes(value);
}

export function isChineseMode(mode: Mode): mode is ChineseMode {
  return (CHINESE_MODES as readonly string[]).includes(mode);
}

/** Language tag of a Chinese conversion's result, as video players and editors read it in file names. */
export const CHINESE_TARGET_TAG: Record<ChineseMode, string> = {
  s2t: 'zh-Hant',
  s2tw: 'zh-TW',
  s2twp: 'zh-TW',
  s2hk: 'zh-HK',
  t2s: 'zh-CN',
  tw2s: 'zh-CN',
  tw2sp: 'zh-CN',
  hk2s: 'zh-CN',
};

// A trailing Chinese language tag already in a name ("movie.zh-CN.srt", "ep01.chs.ass") is replaced, not stacked.
const CHINESE_TAG = /\.(?:zh(?:[-_](?:hans|hant|cn|tw|hk|mo|sg))*|chs|cht|sc|tc|gb|big5)$/i;

/**
 * The converted file's name: the input's name with the mode before the extension, e.g. "notes.txt" →
 * "notes.upper.txt", "movie.srt" → "movie.zh-TW.srt" (players pick the subtitle language from it).
 */
export function outputName(name: string, mode: Mode): string {
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  if (isChineseMode(mode)) return `${base.replace(CHINESE_TAG, '')}.${CHINESE_TARGET_TAG[mode]}${ext}`;
  return `${base}.${mode}${ext}`;
}
