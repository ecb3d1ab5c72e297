// One lint configuration for the whole workspace; each project's eslint.config.js
// re-exports it (`browser` for the web projects). Besides the usual TypeScript rules it
// enforces project boundaries from the `nx.tags` of each package.json: see
// boundaries.js beside this file for the table of who may import whom.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { boundariesPlugin } from './boundaries.js';
import { noImportCycles } from './import-cycles.js';

const base = [
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
    files: ['**/*.spec.{ts,tsx,mjs}', '**/*.int-spec.ts', '**/*.e2e-spec.{ts,mjs}'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // Build and test configuration may use the shared workspace config files in tools/ and libs/web/.
    files: ['**/*.config.js', '**/*.config.mjs'],
    rules: { 'boundaries/project-imports': 'off' },
  },
];

export default tseslint.config(...base);

/** For web projects: the same, with the browser's globals, and no module of theirs importing itself through others. */
export const browser = tseslint.config(...base, { languageOptions: { globals: { ...globals.browser } } }, noImportCycles);
