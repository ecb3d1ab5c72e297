// `import/no-cycle` (eslint-plugin-import-x, registered under the rule's usual name `import`): a
// module may not reach itself through its imports, dynamic `import()` included, so every module
// can be read, tested and loaded on its own (docs/adr/0054). The resolver reads our sources as the
// bundler does: `./x.js` is `x.ts` or `x.tsx`, and a workspace package its `source` entry.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

export const noImportCycles = {
  files: ['**/*.{ts,tsx,js,mjs}'],
  plugins: { import: importX },
  settings: {
    // Our modules are TypeScript: read them with the TypeScript parser to follow their imports.
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [
      createNodeResolver({
        extensions: ['.ts', '.tsx', '.js', '.mjs'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        conditionNames: ['source', 'browser', 'import', 'default'],
      }),
    ],
  },
  rules: { 'import/no-cycle': 'error' },
};
