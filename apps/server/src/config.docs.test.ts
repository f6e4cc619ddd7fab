import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/operations.md "Configuration" and `config.ts` name the same variables (issue 42): its first table lists
 * exactly the variables the server's configuration reads; its table "Read outside the server's configuration"
 * lists variables other programs read (the web build), each beside the file that reads it, which must read it.
 * The tests' and benches' own variables are documented with them (docs/development.md, bench/RESULTS.md).
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The variables of config.ts's `envSchema`: its top-level keys. */
export function configVariables(source: string): string[] {
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  if (start < 0 || end < 0) throw new Error('config.ts has no `const envSchema = z.object({ … });`');
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] ?? '');
}

type Documented = { server: string[]; elsewhere: { variable: string; file: string }[] };

/** The variables of the "Configuration" section's tables: the server's, and those read elsewhere with their file. */
export function documentedVariables(markdown: string): Documented {
  const start = markdown.indexOf('\n## Configuration\n');
  if (start < 0) throw new Error('docs/operations.md has no "## Configuration" section');
  const next = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, next < 0 ? undefined : next);
  const split = section.indexOf("\n### Read outside the server's configuration\n");
  const rows = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .filter((cells) => cells[1] !== 'variable');
  const names = (cell = '') => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? '');
  const server = rows(split < 0 ? section : section.slice(0, split)).flatMap((cells) => names(cells[1]));
  const elsewhere = (split < 0 ? [] : rows(section.slice(split))).flatMap((cells) => {
    const file = /`([^`]+)`/.exec(cells[2] ?? '')?.[1] ?? '';
    return names(cells[1]).map((variable) => ({ variable, file }));
  });
  return { server, elsewhere };
}

/** What is wrong between the two, in words; empty when they agree. */
export function configDocsMismatches(
  config: string[],
  documented: Documented,
  readFile: (path: string) => string | undefined,
): string[] {
  const problems: string[] = [];
  for (const name of config) {
    if (!documented.server.includes(name)) problems.push(`${name}: read by config.ts, not in docs/operations.md`);
  }
  for (const name of documented.server) {
    if (!config.includes(name)) problems.push(`${name}: in docs/operations.md, not read by config.ts`);
  }
  for (const { variable, file } of documented.elsewhere) {
    if (config.includes(variable)) problems.push(`${variable}: read by config.ts, listed as read elsewhere`);
    else if (!readFile(file)?.includes(variable))
      problems.push(`${variable}: not read by ${file || '(no file named)'}`);
  }
  return problems;
}

const readIfThere = (path: string) => {
  try {
    return read(path);
  } catch {
    return undefined;
  }
};

describe('the configuration and its documentation', () => {
  it('documents every variable config.ts reads in docs/operations.md, and documents no other', () => {
    const config = configVariables(read('apps/server/src/config.ts'));
    const documented = documentedVariables(read('docs/operations.md'));
    expect(config.length).toBeGreaterThan(50);
    expect(config).toContain('DATABASE_URL');
    expect(configDocsMismatches(config, documented, readIfThere)).toEqual([]);
  });

  it('notices a variable missing either way, and one read elsewhere that nobody reads', () => {
    const source = 'const envSchema = z.object({\n  PORT: z.coerce.number(),\n  NEW_SETTING: z.string(),\n});';
    const markdown = [
      '## Configuration',
      '| variable | default | meaning |',
      '| --- | --- | --- |',
      '| `PORT` | `8080` | the port |',
      '| `OLD_SETTING`, `PORT` | — | gone from config.ts |',
      "### Read outside the server's configuration",
      '| variable | read by | meaning |',
      '| --- | --- | --- |',
      '| `WEB_SOURCEMAP` | `apps/web/vite.config.ts` | source maps |',
      '| `GHOST` | `apps/web/vite.config.ts` | read by nobody |',
      '## Next',
      '| `AFTER_THE_SECTION` | — | not configuration |',
    ].join('\n');
    expect(configVariables(source)).toEqual(['PORT', 'NEW_SETTING']);
    expect(
      configDocsMismatches(configVariables(source), documentedVariables(`\n${markdown}`), () => 'WEB_SOURCEMAP'),
    ).toEqual([
      'NEW_SETTING: read by config.ts, not in docs/operations.md',
      'OLD_SETTING: in docs/operations.md, not read by config.ts',
      'GHOST: not read by apps/web/vite.config.ts',
    ]);
  });
});
