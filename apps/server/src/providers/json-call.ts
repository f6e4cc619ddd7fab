import { z } from 'zod';

/**
 * One JSON call to a provider, with the rule every provider client shares: no answer, a broken body or a timeout is
 * `unreachable` (the outcome is unknown, never a failure); any answer with a body is returned with its status for the
 * client to read the provider's own error document.
 */
export async function callJson(
  o: {
    fetch: typeof fetch;
    url: string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    /** Absent for a call that authenticates by its body. */
    authorization?: string;
    body?: unknown;
    timeoutMs: number;
  },
  unreachable: (cause: unknown) => Error,
): Promise<{ res: Response; json: unknown }> {
  let res: Response;
  let text: string;
  try {
    res = await o.fetch(o.url, {
      method: o.method,
      headers: {
        ...(o.authorization === undefined ? {} : { authorization: o.authorization }),
        accept: 'application/json',
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    throw unreachable(err);
  }
  try {
    return { res, json: text ? JSON.parse(text) : null };
  } catch (err) {
    // A failed answer that is not JSON (a proxy's page) is read by its status alone; a 2xx must be the provider's.
    if (!res.ok) return { res, json: null };
    throw unreachable(err);
  }
}

/** A provider's answer read by its schema; one that does not fit is as good as none. */
export function parseAnswer<T>(schema: z.ZodType<T>, json: unknown, unreachable: (cause: unknown) => Error): T {
  const r = schema.safeParse(json);
  if (!r.success) throw unreachable(new Error(`unexpected answer: ${r.error.issues[0]?.message}`));
  return r.data;
}

/** The error document of the provider APIs written down by us (direct recharge, soft pins, bus). */
const refusalSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * What a non-2xx answer of one of our provider APIs means (docs/providers/*.md, "Outcomes"): only a 4xx carrying the
 * provider's error document is its refusal. Any 5xx (with the document or without: the request may have been carried
 * out before the server failed), a 429, and a 4xx without the document (a proxy's page, a gateway) leave the outcome
 * unknown: `unreachable`, never a failure.
 */
export function refusalOf(
  res: Response,
  json: unknown,
  refusal: (httpStatus: number, code: string, message: string) => Error,
  unreachable: (cause: unknown) => Error,
): Error {
  const e = refusalSchema.safeParse(json);
  if (e.success && res.status >= 400 && res.status < 500 && res.status !== 429) {
    return refusal(res.status, e.data.error.code, e.data.error.message);
  }
  return unreachable(new Error(`HTTP ${res.status}${e.success ? ` ${e.data.error.code}` : ''}`));
}
