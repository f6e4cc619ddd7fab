import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EDIT_ENDPOINTS, EDIT_WORDS, NOT_EDITS } from './edits.ts';
import { endpoints, uploads } from './endpoints.ts';

const table = { ...endpoints, ...uploads } as Record<
  string,
  { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType }
>;

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown) => (s as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** The paths inside a schema where a default (or prefault) would fill an absent field. */
function defaultsIn(schema: unknown, at = '', seen = new Set<unknown>()): string[] {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const found = def.type === 'default' || def.type === 'prefault' ? [at || '(body)'] : [];
  const inner: [string, unknown][] = [];
  if (def.type === 'object') for (const [k, v] of Object.entries(def.shape as object)) inner.push([`${at}.${k}`, v]);
  for (const k of ['innerType', 'in', 'out', 'element', 'left', 'right', 'valueType', 'keyType'])
    if (def[k]) inner.push([at, def[k]]);
  for (const o of (def.options as unknown[] | undefined) ?? []) inner.push([at, o]);
  return [...found, ...inner.flatMap(([p, s]) => defaultsIn(s, p, seen))];
}

describe('edit endpoints', () => {
  it('finds a default wherever zod would apply one, inside partial objects and unions too', async () => {
    const { z } = await import('zod');
    const partial = z.object({ a: z.string().default('x'), b: z.object({ c: z.number().default(0) }) }).partial();
    expect(defaultsIn(partial).sort()).toEqual(['.a', '.b.c']);
    expect(partial.parse({})).toEqual({ a: 'x' });
    const union = z.discriminatedUnion('k', [z.object({ k: z.literal('a'), d: z.array(z.string()).default([]) })]);
    expect(defaultsIn(union)).toEqual(['.d']);
    expect(defaultsIn(z.object({ a: z.string().optional() }))).toEqual([]);
  });

  it('lists only paths of the endpoint table, each once, and none as both', () => {
    for (const p of [...EDIT_ENDPOINTS, ...Object.keys(NOT_EDITS)]) expect(table, p).toHaveProperty([p]);
    expect(new Set(EDIT_ENDPOINTS).size).toBe(EDIT_ENDPOINTS.length);
    expect(EDIT_ENDPOINTS.filter((p) => p in NOT_EDITS)).toEqual([]);
  });

  it('names every path that reads like an edit either an edit or not one', () => {
    const listed = new Set<string>([...EDIT_ENDPOINTS, ...Object.keys(NOT_EDITS)]);
    const unnamed = Object.keys(table).filter((p) => EDIT_WORDS.test(p) && !listed.has(p));
    expect(unnamed).toEqual([]);
  });

  it('has no default in the body, query or params of any edit endpoint', () => {
    const withDefaults = EDIT_ENDPOINTS.flatMap((p) => {
      const e = table[p]!; // the test above fails first for a path outside the table
      return [...defaultsIn(e.body), ...defaultsIn(e.query, '?'), ...defaultsIn(e.params, ':')].map((d) => `${p} ${d}`);
    });
    expect(withDefaults).toEqual([]);
  });
});
