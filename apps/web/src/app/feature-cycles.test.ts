import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = resolve(import.meta.dirname, '../features');

type Edges = Map<string, Map<string, string>>;

/** Feature → features it imports, each with one importing file as the example a failure shows. */
function featureEdges(): Edges {
  const edges: Edges = new Map();
  const files = readdirSync(FEATURES, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
  for (const file of files) {
    const from = file.split(sep)[0]!;
    const source = readFileSync(join(FEATURES, file), 'utf8');
    for (const [, specifier] of source.matchAll(/(?:\bfrom|\bimport\(?)\s*['"](\.[^'"]+)['"]/g)) {
      const target = relative(FEATURES, resolve(dirname(join(FEATURES, file)), specifier!));
      const to = target.split(sep)[0]!;
      if (target.startsWith('..') || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      edges.get(from)!.set(to, edges.get(from)!.get(to) ?? file);
    }
  }
  return edges;
}

/** Every cycle between features, each once, as the path of features and the file behind each step. */
function featureCycles(edges: Edges): string[] {
  const cycles = new Set<string>();
  const visit = (path: string[]) => {
    for (const next of edges.get(path.at(-1)!)?.keys() ?? []) {
      const start = path.indexOf(next);
      if (start === 0) {
        cycles.add(path.map((f, i) => `${f} (${edges.get(f)!.get(path[i + 1] ?? next)})`).join(' → '));
      } else if (start < 0 && next > path[0]!) {
        visit([...path, next]);
      }
    }
  };
  // A cycle is reported from its smallest feature, so each appears once.
  for (const feature of [...edges.keys()].sort()) visit([feature]);
  return [...cycles];
}

describe('features', () => {
  it('import each other without a cycle, so every feature can be read from the ones it uses', () => {
    expect(featureCycles(featureEdges())).toEqual([]);
  });

  it('finds the cycles the check above looks for', () => {
    const edges: Edges = new Map([
      ['a', new Map([['b', 'a/x.ts']])],
      ['b', new Map([['c', 'b/y.ts']])],
      ['c', new Map([['a', 'c/z.ts']])],
      ['d', new Map([['a', 'd/w.ts']])],
    ]);
    expect(featureCycles(edges)).toEqual(['a (a/x.ts) → b (b/y.ts) → c (c/z.ts)']);
    expect(featureEdges().get('home')?.has('credit')).toBe(true);
  });
});
