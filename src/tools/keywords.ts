// Every tool's search words, gathered from the keywords.ts beside each meta.ts. They stay out of the registry so the
// home page's JavaScript does not grow with them: the search loads this module when it is first used.
const modules = import.meta.glob<Record<string, string[]>>('./*/*/keywords.ts', { eager: true, import: 'keywords' });

export const TOOL_KEYWORDS: Readonly<Record<string, readonly string[]>> = Object.assign({}, ...Object.values(modules));
