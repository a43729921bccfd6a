// opencc-js ships types for its core and presets, not for the single dictionaries that its "./*" export
// maps to dist/esm-lib/*.js. Each dictionary module's default export is "from to|from to|…".
declare module 'opencc-js/dict/*' {
  const dictionary: string;
  export default dictionary;
}
