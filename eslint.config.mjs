// ESLint for every workspace: the recommended JavaScript and typescript-eslint rules, without type
// information (linting stays fast; `npm run typecheck` is the type check). Formatting is Prettier's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'artifacts/**', 'data/**', 'apps/web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      // `_`-prefixed names are deliberately unused (a callback's position, a destructured rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Browser and Node globals are typed by TypeScript; `no-undef` only repeats it, wrongly for types.
      'no-undef': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'prefer-const': 'error',
    },
  },
  {
    // Tests read JSON answers and Colyseus rooms loosely: an `any` there is the answer under test, not a hole in the types.
    files: ['**/test/**', '**/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Jest loads its sequencer, reporter and setup files with require(): those are CommonJS on purpose.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
