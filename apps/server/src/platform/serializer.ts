import { createSerializerCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

const declaredOnly = createSerializerCompiler({});

/**
 * Answers are sent as their route's response schema declares them: a key the schema does not name is
 * dropped (a second guard against leaking a PIN) and a value of the wrong type is a 500. Under test the
 * serializer is strict: dropping a key fails the request too, so a schema that silently loses a field
 * (a union whose first branch matches, a forgotten property) shows up in the route's tests.
 */
export function responseSerializer(opts: { strict: boolean }): typeof declaredOnly {
  if (!opts.strict) return declaredOnly;
  return (route) => {
    const serialize = declaredOnly(route);
    return (data) => {
      const json = serialize(data);
      const dropped = droppedKeys(JSON.parse(JSON.stringify(data)), JSON.parse(json), '');
      if (dropped.length > 0) {
        throw new ResponseSerializationError(route.method, route.url, {
          cause: new z.ZodError(
            dropped.map((at) => ({ code: 'custom', path: [at], message: 'not declared', input: data })),
          ),
        });
      }
      return json;
    };
  };
}

/** The paths of keys present in what the route answered but missing from what was sent. */
export function droppedKeys(sent: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((v, i) => droppedKeys(v, kept[i], `${path}[${i}]`));
  }
  if (!isObject(sent) || !isObject(kept)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    return key in kept ? droppedKeys(value, kept[key], at) : [at];
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
