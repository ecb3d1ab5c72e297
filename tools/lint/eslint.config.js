// One lint configuration for the whole workspace; each project's eslint.config.js
// re-exports it (`browser` for the web projects). Besides the usual TypeScript rules it
// enforces project boundaries from the `nx.tags` of each package.json: see
// boundaries.js beside this file for the table of who may import whom. Outside the web
// projects it also refuses import cycles (import-cycles.js, ADR 52).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { boundariesPlugin } from './boundaries.js';
import { importCyclesPlugin } from './import-cycles.js';

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

/** For the contracts, the server libraries and apps, and the tools: no import cycles either. */
export default tseslint.config(...base, { plugins: { imports: importCyclesPlugin }, rules: { 'imports/no-cycle': 'error' } });

/** For web projects: the base rules with the browser's globals (the cycle rule once libs/web has none). */
export const browser = tseslint.config(...base, { languageOptions: { globals: { ...globals.browser } } });
