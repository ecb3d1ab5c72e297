// Comments and docs cite the product's requirements in docs/requirements/ by a short form:
// `requirements 01 §2.1`, `requirements 02 §7`, `requirements decisions §4` (docs/requirements/README.md).
// `node tools/dev/cite-requirements.mjs` rewrites every older citation of the specification that
// lived outside the repository (`spec 02 §2`, `Spec 01 §8`, `spec/DECISIONS.md §4`, `DECISIONS §3-4`,
// …) into that form, in place; running it again changes nothing. `--check` changes nothing, lists
// what still cites an outside document or a section the requirements lack, and exits 1 if anything.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REQUIREMENTS_DIR = 'docs/requirements';
/** The short form's document name → its file in docs/requirements/. */
export const DOCUMENTS = {
  '01': '01-public-entry-sessions-master-data.md',
  '02': '02-jobs-bookings-clients-accounts.md',
  decisions: 'decisions.md',
};

const EXTENSIONS = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|md)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'tmp', '.git', '.nx', '.data', '.images']);
/** The requirements themselves, and this script and its test, which name the old forms on purpose. */
const SKIPPED_PATHS = [`${REQUIREMENTS_DIR}/`, 'tools/dev/cite-requirements.mjs', 'tools/dev/cite-requirements.spec.mjs'];

/** Each old spelling and its short form; the order matters (a path before the bare word). */
const REWRITES = [
  // `spec/DECISIONS.md`, `../shared/spec/DECISIONS.md`
  [/(?:\.\.\/)*(?:shared\/)?\bspec\/DECISIONS(?:\.md)?\b/g, () => 'requirements decisions'],
  // `spec/02`, `../shared/spec/02-jobs-bookings-clients-accounts.md`
  [/(?:\.\.\/)*(?:shared\/)?\bspec\/0([12])(?:-[a-z-]+)?(?:\.md)?\b/g, (_, n) => `requirements 0${n}`],
  // `spec 02 §2`, `Spec 01 §8`, `spec 02's table`, `(spec 02)`
  [/\b([Ss])pec 0([12])\b/g, (_, s, n) => `${s === 'S' ? 'R' : 'r'}equirements 0${n}`],
  // `DECISIONS §4`, `DECISIONS.md`, `DECISIONS:` (the word in capitals is only ever the document)
  [/\bDECISIONS(?:\.md)?\b/g, () => 'requirements decisions'],
];

/** What still points outside the repository after a rewrite (nothing, unless a new spelling appears). */
const OUTSIDE = /\b[Ss]pec ?\/?0[12]\b|\bDECISIONS\b|\bshared\/spec\b/;

/** The text with every citation in the short form. */
export function rewrite(text) {
  return REWRITES.reduce((out, [pattern, to]) => out.replace(pattern, to), text);
}

/**
 * The sections a text cites in the short form: `requirements 02 §4, §7` cites 02 §4 and 02 §7,
 * `requirements decisions §3-4` decisions §3 and §4 (the ends of a range).
 */
export function citedSections(text) {
  const cited = [];
  const number = String.raw`\d+(?:\.\d+)*`;
  const more = String.raw`(?:(?:,\s*|\s+and\s+)§${number}|\s*[-–]\s*§?${number})`;
  const citation = new RegExp(String.raw`\brequirements (0[12]|decisions)\s+(§${number}${more}*)`, 'gi');
  for (const [, document, list] of text.matchAll(citation)) {
    for (const [section] of list.matchAll(/\d+(?:\.\d+)*/g)) cited.push({ document: document.toLowerCase(), section });
  }
  return cited;
}

/** The section numbers a requirements document defines: its headings and its numbered items. */
export function definedSections(markdown) {
  const numbers = markdown.matchAll(/^(?:#{2,6} |- \*\*)(\d+(?:\.\d+)*)\.?[\s*]/gm);
  return new Set([...numbers].map(([, number]) => number));
}

/** Every file the rewrite reads, relative to the root, with `/` separators. */
export function sourceFiles(root, dir = root) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const name = relative(root, path).split(sep).join('/');
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) || SKIPPED_PATHS.includes(`${name}/`) ? [] : sourceFiles(root, path);
    return EXTENSIONS.test(entry.name) && !SKIPPED_PATHS.includes(name) ? [name] : [];
  });
}

/** Rewrites the files that need it; answers their names. */
export function rewriteAll(root) {
  return sourceFiles(root).filter((name) => {
    const text = readFileSync(join(root, name), 'utf8');
    const next = rewrite(text);
    if (next !== text) writeFileSync(join(root, name), next);
    return next !== text;
  });
}

/** `file:line: why` for each citation of a document outside the repository or of a section the requirements lack. */
export function problems(root) {
  const defined = Object.fromEntries(
    Object.entries(DOCUMENTS).map(([document, file]) => [document, definedSections(readFileSync(join(root, REQUIREMENTS_DIR, file), 'utf8'))]),
  );
  return sourceFiles(root).flatMap((name) => {
    const text = readFileSync(join(root, name), 'utf8');
    return text.split('\n').flatMap((line, index) => {
      const where = `${name}:${index + 1}`;
      const found = [];
      if (OUTSIDE.test(line)) found.push(`${where}: cites a document outside the repository: ${line.trim()}`);
      for (const { document, section } of citedSections(line)) {
        if (!defined[document].has(section)) found.push(`${where}: requirements ${document} has no §${section}`);
      }
      return found;
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  if (process.argv.includes('--check')) {
    const found = problems(root);
    for (const problem of found) console.error(problem);
    if (found.length) console.error(`\n${found.length} citation(s) to fix: node tools/dev/cite-requirements.mjs rewrites the old forms.`);
    process.exit(found.length ? 1 : 0);
  }
  const changed = rewriteAll(root);
  console.log(changed.length ? `Rewrote the citations of ${changed.length} file(s):\n${changed.join('\n')}` : 'Every citation is already in the short form.');
}
