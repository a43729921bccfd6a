import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Files under `files` may not import from the folders in `above` (src/<folder>), nor the packages in `packages`. */
function layer(files, above, packages = [], ignores = []) {
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: packages.map((name) => ({ name, message: 'Engines hold no UI: React belongs to the kit and the tools.' })),
          patterns: [{ group: above.flatMap((folder) => [`**/${folder}/*`, `**/${folder}/**`]), message: `This layer may not import from ${above.join(', ')}: see the layers in eslint.config.js.` }],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', 'coverage'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  // The layers, each importing only those below it: lib and runtime (workers, job shapes) < engines (no UI) <
  // kit (what file tools share) < tools < app. A wrong import fails lint.
  layer(['src/lib/**', 'src/runtime/**', 'src/i18n/**'], ['engines', 'kit', 'tools', 'app', 'ui']),
  layer(['src/engines/**'], ['kit', 'tools', 'app', 'ui'], ['react', 'react-dom', 'react-i18next']),
  layer(['src/ui/**'], ['engines', 'kit', 'tools', 'app']),
  layer(['src/kit/**'], ['tools', 'app']),
  layer(['src/tools/**'], ['app']),
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
  },
);
