// One lint configuration for the whole workspace. Besides the usual TypeScript
// rules it enforces project boundaries from the `nx.tags` of each package.json:
// see tools/lint/boundaries.js for the table of who may import whom.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { boundariesPlugin } from './tools/lint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { boundaries: boundariesPlugin },
    rules: {
      'boundaries/project-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**', 'libs/web/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.spec.{ts,tsx,mjs}', '**/*.int-spec.ts', '**/*.e2e-spec.{ts,mjs}'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
