import type { FieldError } from '@portal/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { validationError } from './errors.ts';

/**
 * NUL and the other C0 control characters (TAB, LF and CR stay: remarks, reasons and addresses carry
 * them), and the bidirectional overrides that make a name read differently from what it is.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this guard's whole purpose.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u202A-\u202E\u2066-\u2069]/;
/** The same set, for texts that arrive inside files (bank statements) rather than as request fields. */
export const FORBIDDEN_TEXT = FORBIDDEN;

/**
 * Every string of a request's params, query and body is checked once, before validation and before
 * any of it reaches SQL or a log: a refusal is a 422 naming each field with the rule `control_character`.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const errors: FieldError[] = [];
    const seen = new WeakSet<object>();
    for (const part of [req.params, req.query, req.body]) collect(part, '', errors, seen);
    if (errors.length > 0) throw validationError(errors);
  });
}

/**
 * A walk with its own stack instead of recursion: the body parsers refuse deep JSON, but a value nested by other
 * means (a query parser, a multipart part) must not overflow the call stack either.
 */
function collect(root: unknown, rootPath: string, errors: FieldError[], seen: WeakSet<object>): void {
  const pending: [unknown, string][] = [[root, rootPath]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (FORBIDDEN.test(value)) {
        const field = path || 'body';
        errors.push({ field, rule: 'control_character', message: `${field}: must not contain control characters` });
      }
      continue;
    }
    if (!value || typeof value !== 'object' || seen.has(value)) continue;
    // A multipart file part refers back to all the fields; it is checked by the upload's own rules.
    seen.add(value);
    const children: [unknown, string][] = [];
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) children.push([v, path ? `${path}.${i}` : String(i)]);
    } else if (isPlainRecord(value) && (value as { type?: unknown }).type !== 'file') {
      for (const [k, v] of Object.entries(value)) children.push([v, path ? `${path}.${k}` : k]);
    }
    // Reversed onto the stack, so the fields are reported in the order they came.
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
  }
}

/**
 * Plain records: object literals, null-prototype objects, and the query parser's objects, whose prototype is itself
 * a null-prototype object.
 */
function isPlainRecord(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}
