// One lint configuration for the whole workspace; each project's eslint.config.js
// re-exports it (`browser` for the web projects). Besides the usual TypeScript rules it
// enforces project boundaries from the `nx.tags` of each package.json: see
// boundaries.js beside this file for the table of who may import whom.
// It also refuses import cycles, in every project (import-cycles.js, ADR 52).
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

/** No module imports itself through others (ADR 52), in every project. */
const noImportCycles = { plugins: { imports: importCyclesPlugin }, rules: { 'imports/no-cycle': 'error' } };

export default tseslint.config(...base, noImportCycles);

/** For web projects: the same rules, with the browser's globals. */
export const browser = tseslint.config(...base, noImportCycles, { languageOptions: { globals: { ...globals.browser } } });
