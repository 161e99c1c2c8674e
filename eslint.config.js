// Lint for every package: typescript-eslint's recommended rules everywhere, and for the web client
// the rules of hooks and jsx-a11y's accessibility checks. `npm test` runs `npm run lint` first.
// Formatting is Prettier's (.prettierrc.json, `npm run format`), checked by `npm run lint`, which also
// runs scripts/check-line-width.mjs for the long strings and comments Prettier does not wrap.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**', '.test-*/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused names are already refused by the compiler (noUnusedLocals); `_` marks a deliberate one.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests, browser-test support and benchmarks poke at bodies of any shape the server answers.
    files: ['**/*.test.ts', 'e2e/**', 'bench/**', 'packages/server/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['packages/web/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      // The rules of hooks; the plugin's React Compiler rules are left out, as the client does not
      // use the compiler. A dependency list is checked as React's own lint does (a warning).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...jsxA11y.flatConfigs.recommended.rules,
      // Focus is placed on purpose in a dialog's or a sign-in form's first field (Mantine's props).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
);
