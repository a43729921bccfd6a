// <switch>, systemLanguage and requiredExtensions on svgo's tree, by the same rule as every other converter
// (engines/svg/conditional.ts): failing elements go, each <switch> becomes a <g> of the child it renders.
import { chooseSwitchChild, conditionsPass, userLanguages, type ConditionalElement } from '../conditional';
import type { XastElement } from '../xast';

const SKIP_ROOT = new Set(['defs', 'svg']);
const wrap = (el: XastElement): ConditionalElement => ({ name: el.name, svg: !el.name.includes(':'), attr: (name) => el.attributes[name] });

export function resolveXastConditionals(el: XastElement, languages: readonly string[] = userLanguages(), depth = 0): void {
  if (depth > 256 || el.name === 'foreignObject') return;
  if (el.name === 'switch') {
    const kids = el.children.filter((c): c is XastElement => c.type === 'element');
    const chosen = kids[chooseSwitchChild(kids.map(wrap), languages)];
    el.name = 'g';
    delete el.attributes.systemLanguage;
    delete el.attributes.requiredExtensions;
    el.children = chosen ? [chosen] : [];
    if (chosen) {
      delete chosen.attributes.systemLanguage;
      delete chosen.attributes.requiredExtensions;
    }
  } else {
    el.children = el.children.filter((c) => c.type !== 'element' || SKIP_ROOT.has(c.name) || conditionsPass(wrap(c), languages));
  }
  for (const c of el.children) if (c.type === 'element') resolveXastConditionals(c, languages, depth + 1);
}
