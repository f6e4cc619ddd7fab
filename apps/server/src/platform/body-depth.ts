import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * How deep a request's JSON may nest. The deepest body of the API (a customer's shop timings inside the
 * customer, filters inside a list call) is 4 levels; 32 leaves room for any honest client and stops a body
 * nested thousands of levels deep, whose walk (the text guard, zod) would overflow the stack: a 500 before.
 */
export const MAX_BODY_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * Whether JSON text nests deeper than `max`, read as text in one pass (brackets inside strings do not count), so
 * nothing walks the value before it is known to be shallow. Malformed text is left to the JSON parser.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

export const tooDeep = () =>
  new AppError('body_too_deep', `The request nests deeper than ${MAX_BODY_DEPTH} levels`, {
    params: { max: MAX_BODY_DEPTH },
  });

/**
 * The JSON body parser of every call, the partner API's included: Fastify's own (with its prototype-poisoning
 * checks), after the depth check on the raw text. A body too deep is 400 `body_too_deep`.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (nestsDeeperThan(body as string, MAX_BODY_DEPTH)) return done(tooDeep(), undefined);
    return parse(req, body as string, done);
  });
}
