import { describe, expect, it } from 'vitest';
import { callJson, refusalOf } from './json-call.ts';

/**
 * The outcome rule of our provider APIs (direct recharge, soft pins, bus; docs/providers/*.md "Outcomes"): only a 4xx
 * with the provider's error document is a refusal; a 5xx with or without it, a 429 and a 4xx without it are unknown.
 */
class Refused extends Error {}
class Unknown extends Error {}

async function outcome(status: number, body: string) {
  const doFetch = (async () => new Response(body, { status })) as unknown as typeof fetch;
  const unreachable = (cause: unknown) => new Unknown(String(cause));
  const { res, json } = await callJson(
    { fetch: doFetch, url: 'https://p.test/x', method: 'POST', timeoutMs: 1000 },
    unreachable,
  );
  return refusalOf(res, json, (s, code) => new Refused(`${s} ${code}`), unreachable);
}

const doc = (code: string) => JSON.stringify({ error: { code, message: 'm' } });

describe('refusalOf', () => {
  it.each([
    [400, doc('invalid_request')],
    [404, doc('product_not_found')],
    [409, doc('duplicate_external_id')],
  ])('%i with the error document is the provider refusing', async (status, body) => {
    expect(await outcome(status, body)).toBeInstanceOf(Refused);
  });

  it.each([
    [500, doc('internal_error')],
    [503, doc('unavailable')],
    [500, ''],
    [502, '<html>Bad gateway</html>'],
    [429, doc('too_many_requests')],
    [404, '<html>Not found</html>'],
    [400, ''],
    [409, '{"message":"conflict"}'],
  ])('%i %s leaves the outcome unknown', async (status, body) => {
    expect(await outcome(status, body)).toBeInstanceOf(Unknown);
  });
});
