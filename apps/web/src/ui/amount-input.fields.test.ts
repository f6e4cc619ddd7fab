import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { endpoints, uploads } from '@portal/contract/endpoints';
import { describe, expect, it } from 'vitest';

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown) => (s as { _zod?: { def: Def } } | undefined)?._zod?.def;
type Probe = { safeParse(v: unknown): { success: boolean } };

/** Wrappers that do not change what a field holds. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional']);

/**
 * The decimal fields of a body, by name: a field is one when it takes "12.5" and refuses "abc" and "12,5"
 * (money amounts, percentages, anything the API reads as a decimal string or number). Found by asking each field's
 * schema, so a new money field of any shape is found without being listed.
 */
function decimalFields(schema: unknown, seen = new Set<unknown>()): string[] {
  let def = defOf(schema);
  while (def && WRAPPERS.has(def.type)) {
    schema = def.innerType;
    def = defOf(schema);
  }
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  if (def.type === 'array') return decimalFields(def.element, seen);
  if (def.type === 'pipe') return [...decimalFields(def.in, seen), ...decimalFields(def.out, seen)];
  if (def.type === 'union') return (def.options as unknown[]).flatMap((o) => decimalFields(o, seen));
  if (def.type !== 'object') return [];
  return Object.entries(def.shape as Record<string, unknown>).flatMap(([name, field]) => {
    const inner = decimalFields(field, seen);
    if (inner.length > 0) return inner;
    const probe = field as Probe;
    const decimal =
      probe.safeParse('12.5').success && !probe.safeParse('abc').success && !probe.safeParse('12,5').success;
    return decimal ? [name] : [];
  });
}

const table = { ...endpoints, ...uploads } as Record<string, { body?: unknown }>;
const DECIMALS = new Set(Object.values(table).flatMap((e) => decimalFields(e.body)));

const WEB = join(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });

/** Every form field a screen binds (`getInputProps('a.b')`, `inputProps(`a.${i}.b`)`), with the element it sits in. */
function boundFields() {
  const found: { file: string; field: string; element: string }[] = [];
  for (const file of files(WEB)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:getInputProps|inputProps)\(\s*(['`])([^'`]+)\1/g)) {
      const field = m[2]!.split('.').at(-1) ?? '';
      const before = text.slice(0, m.index);
      const element = [...before.matchAll(/<([A-Za-z][\w.]*)/g)].at(-1)?.[1] ?? '';
      found.push({ file: file.slice(WEB.length + 1), field, element });
    }
  }
  return found;
}

describe('money and percent fields', () => {
  it('finds the decimal fields of the contract’s bodies by asking their schemas', () => {
    for (const name of ['amount', 'credit_limit', 'face_value', 'value', 'price', 'buying_discount', 'discount'])
      expect(DECIMALS, name).toContain(name);
    for (const name of ['quantity', 'customer_id', 'remarks', 'product_name', 'pin_length'])
      expect(DECIMALS, name).not.toContain(name);
  });

  it('renders every decimal field of a form with the shared input, which reads the user’s decimal comma', () => {
    const bound = boundFields().filter((b) => DECIMALS.has(b.field));
    // The screens the issue names are among them: a product's and a soft pin's face value, an import's discount.
    const fields = new Set(bound.map((b) => b.field));
    for (const name of ['value', 'face_value', 'buying_discount', 'discount', 'amount', 'price', 'credit_limit'])
      expect(fields, name).toContain(name);
    const other = bound.filter((b) => b.element !== 'AmountInput' && b.element !== 'PercentInput');
    expect(other).toEqual([]);
  });
});
