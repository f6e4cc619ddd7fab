import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The link check of the documentation (issue 42): every relative Markdown link in the README, docs/, the web app's
 * README and bench/ leads to a file that exists and, with a `#fragment` into a Markdown file, to a heading that
 * exists there, by GitHub's anchor rules. Moving a section without its links fails here, not on a reader.
 */

const ROOT = resolve(import.meta.dirname, '../../..');

function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  const bench = readdirSync(join(ROOT, 'bench')).filter((f) => f.endsWith('.md'));
  return ['README.md', 'apps/web/README.md', ...docs, ...bench.map((f) => join('bench', f))].sort();
}

/** The text a heading renders to, as GitHub reads it for its anchor: no markup, links by their text. */
function headingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim();
}

/** GitHub's slug (github-slugger): lower case, everything but letters, digits, `_`, space and `-` dropped. */
export function slug(text: string): string {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): { line: string; n: number }[] {
  const out: { line: string; n: number }[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((line, i) => {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker && (fence === null || fence === marker)) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) out.push({ line, n: i + 1 });
  });
  return out;
}

/** Every anchor a Markdown text's headings give, numbered as GitHub numbers repeated ones (`-1`, `-2`). */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const { line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** The inline links and images of a Markdown text, outside code blocks and code spans. */
export function links(text: string): { target: string; n: number }[] {
  const out: { target: string; n: number }[] = [];
  for (const { line, n } of proseLines(text)) {
    const prose = line.replace(/(`+)[^`]*?\1/g, '');
    for (const m of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (m[1]) out.push({ target: m[1], n });
    }
  }
  return out;
}

export type Reader = { exists(path: string): boolean; isFile(path: string): boolean; read(path: string): string };

/** The broken links of the documents named (paths relative to the repository's root), as `file:line → target`. */
export function brokenLinks(files: string[], reader: Reader): string[] {
  const broken: string[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const anchorsFor = (path: string) => {
    let found = anchorsOf.get(path);
    if (!found) {
      found = anchors(reader.read(path));
      anchorsOf.set(path, found);
    }
    return found;
  };
  for (const file of files) {
    for (const { target, n } of links(reader.read(file))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: … are not this check's business
      const [pathPart = '', fragment] = target.split('#', 2);
      const path = pathPart === '' ? file : join(dirname(file), decodeURIComponent(pathPart)).replace(/\/$/, '');
      const where = `${file}:${n} → ${target}`;
      if (relative('.', path).startsWith('..') || !reader.exists(path)) {
        broken.push(`${where} (no such file)`);
        continue;
      }
      if (fragment !== undefined && path.endsWith('.md') && reader.isFile(path)) {
        if (!anchorsFor(path).has(decodeURIComponent(fragment).toLowerCase())) {
          broken.push(`${where} (no such heading)`);
        }
      }
    }
  }
  return broken;
}

const repository: Reader = {
  exists: (path) => existsSync(join(ROOT, path)),
  isFile: (path) => statSync(join(ROOT, path)).isFile(),
  read: (path) => readFileSync(join(ROOT, path), 'utf8'),
};

describe('the documentation links', () => {
  it('leads every relative link of the README, docs/, apps/web/README.md and bench/ to a file and heading', () => {
    const files = documents();
    expect(files).toContain('docs/operations.md');
    expect(files).toContain('docs/development.md');
    expect(brokenLinks(files, repository)).toEqual([]);
  });

  it('finds a link to a missing file and to a missing heading, and takes GitHub anchors as GitHub makes them', () => {
    const texts: Record<string, string> = {
      'README.md': [
        '# Title',
        'See [ops](docs/ops.md#keys-for-production), [gone](docs/gone.md), [typo](docs/ops.md#key-rotaton),',
        '[own](#the-web-apps-first-load), [again](#setup-1), [dir](docs/) and <https://example.com>, `[x](no.md)`.',
        "## The web app's first load",
        '## Setup',
        '## Setup',
        '```',
        '[in code](nowhere.md)',
        '```',
      ].join('\n'),
      'docs/ops.md': '# Ops\n## Keys for production\n## Web pages (`npm run bench:web`)\n',
    };
    const reader: Reader = {
      exists: (path) => path in texts || path === 'docs',
      isFile: (path) => path in texts,
      read: (path) => texts[path] ?? '',
    };
    expect(brokenLinks(['README.md'], reader)).toEqual([
      'README.md:2 → docs/gone.md (no such file)',
      'README.md:2 → docs/ops.md#key-rotaton (no such heading)',
    ]);
    expect([...anchors(texts['docs/ops.md'] ?? '')]).toEqual([
      'ops',
      'keys-for-production',
      'web-pages-npm-run-benchweb',
    ]);
  });
});
