import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { citedSections, definedSections, DOCUMENTS, problems, REQUIREMENTS_DIR, rewrite, rewriteAll, sourceFiles } from './cite-requirements.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('rewrite: every old citation in the short form', () => {
  it.each([
    ['// spec 01 §2.1: the hero', '// requirements 01 §2.1: the hero'],
    ['/** Spec 02 §8, word for word. */', '/** Requirements 02 §8, word for word. */'],
    ['(spec 02 §2, DECISIONS §4)', '(requirements 02 §2, requirements decisions §4)'],
    ['(spec 02 §4, §7; DECISIONS §3)', '(requirements 02 §4, §7; requirements decisions §3)'],
    ['DECISIONS §3-4 and spec 02 §3-§7', 'requirements decisions §3-4 and requirements 02 §3-§7'],
    ['The permission matrix of spec/DECISIONS.md §4.', 'The permission matrix of requirements decisions §4.'],
    ['see ../shared/spec/DECISIONS.md and ../shared/spec/02-jobs-bookings-clients-accounts.md', 'see requirements decisions and requirements 02'],
    ['spec/01 §5', 'requirements 01 §5'],
    ["as spec 02's read-only table", "as requirements 02's read-only table"],
    ['const PAGE_SIZE = 50; // spec 02: list and worklist page size', 'const PAGE_SIZE = 50; // requirements 02: list and worklist page size'],
    ["describe('Reference pickers (DECISIONS: searchable)'", "describe('Reference pickers (requirements decisions: searchable)'"],
    ['(DECISIONS\n * §3: opening + debits − credits)', '(requirements decisions\n * §3: opening + debits − credits)'],
  ])('%j', (before, after) => {
    expect(rewrite(before)).toBe(after);
  });

  it('is idempotent', () => {
    const once = rewrite('spec 01 §8; Spec 02 §5 and §8; DECISIONS §1; spec/DECISIONS.md §4');
    expect(rewrite(once)).toBe(once);
  });

  it('leaves what is not a citation of the specification alone', () => {
    const text = "// ARCHITECTURE.md §5; NIST SP 800-63B §5.2.2; the product's decisions; a.spec.ts; spec 03; respec 02";
    expect(rewrite(text)).toBe(text);
  });
});

describe('the sections a citation names', () => {
  it('reads single sections, lists and ranges', () => {
    expect(citedSections('requirements 01 §2.1 and requirements 02 §4, §7; requirements decisions §3-4, Requirements 02 §5 and §8.')).toEqual([
      { document: '01', section: '2.1' },
      { document: '02', section: '4' },
      { document: '02', section: '7' },
      { document: 'decisions', section: '3' },
      { document: 'decisions', section: '4' },
      { document: '02', section: '5' },
      { document: '02', section: '8' },
    ]);
  });

  it('a number after a comma is a section only with its §', () => {
    expect(citedSections('requirements 02 §9, 50 rows a page')).toEqual([{ document: '02', section: '9' }]);
  });

  it('a document defines its headings and numbered items', () => {
    const markdown = '# Title\n\n## 2. Screens\n\n### 2.3 Worklist\n\n- **2.3.1** The worklist shows …\n- **2.3.2** Rows …\n';
    expect([...definedSections(markdown)]).toEqual(['2', '2.3', '2.3.1', '2.3.2']);
  });
});

describe('a repository', () => {
  /** A throw-away repository with the three documents, each defining §1 and §1.1, and the given files. */
  function repository(files) {
    const dir = mkdtempSync(join(tmpdir(), 'cite-requirements-'));
    const documents = Object.values(DOCUMENTS).map((file) => [`${REQUIREMENTS_DIR}/${file}`, '## 1. One\n\n- **1.1** A rule.\n']);
    for (const [name, text] of [...documents, ...Object.entries(files)]) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return dir;
  }

  it('is rewritten file by file, skipping node_modules, dist and the requirements, then passes the check', () => {
    const dir = repository({
      'apps/a/src/x.ts': '// spec 02 §1\n',
      'apps/a/src/y.tsx': 'const a = 1; // DECISIONS §1.1\n',
      'docs/adr/0001-x.md': 'As spec/DECISIONS.md §1 says.\n',
      'apps/a/src/clean.ts': '// requirements 01 §1\n',
      'apps/a/data.json': '{ "note": "spec 02 §1" }\n',
      'node_modules/p/index.js': '// spec 02 §1\n',
      'apps/a/dist/main.js': '// spec 02 §1\n',
    });
    try {
      expect(problems(dir)).toEqual([
        'apps/a/src/x.ts:1: cites a document outside the repository: // spec 02 §1',
        'apps/a/src/y.tsx:1: cites a document outside the repository: const a = 1; // DECISIONS §1.1',
        'docs/adr/0001-x.md:1: cites a document outside the repository: As spec/DECISIONS.md §1 says.',
      ]);
      expect(rewriteAll(dir).sort()).toEqual(['apps/a/src/x.ts', 'apps/a/src/y.tsx', 'docs/adr/0001-x.md']);
      expect(readFileSync(join(dir, 'docs/adr/0001-x.md'), 'utf8')).toBe('As requirements decisions §1 says.\n');
      expect(readFileSync(join(dir, 'node_modules/p/index.js'), 'utf8')).toBe('// spec 02 §1\n');
      expect(readFileSync(join(dir, `${REQUIREMENTS_DIR}/decisions.md`), 'utf8')).toBe('## 1. One\n\n- **1.1** A rule.\n');
      expect(problems(dir)).toEqual([]);
      expect(rewriteAll(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a citation of a section the requirements lack', () => {
    const dir = repository({ 'libs/l/src/z.ts': '// requirements 02 §1, §2; requirements decisions §1.1\n' });
    try {
      expect(problems(dir)).toEqual(['libs/l/src/z.ts:1: requirements 02 has no §2']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('this repository', () => {
  it('reads the sources and docs, not the requirements themselves', () => {
    const files = sourceFiles(root);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'tools/dev/start.mjs', 'libs/contracts/src/permissions.ts']));
    expect(files.filter((name) => name.startsWith(`${REQUIREMENTS_DIR}/`) || name.includes('node_modules/'))).toEqual([]);
  });

  it('cites only its own requirements, each section of them one they define (fix: node tools/dev/cite-requirements.mjs)', () => {
    expect(problems(root)).toEqual([]);
  });
});
