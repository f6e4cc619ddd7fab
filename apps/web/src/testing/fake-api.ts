import type { ErrorCode } from '@portal/contract/envelope';
import { vi } from 'vitest';

/** What the fake server answers to one call: the data of a success, or a refusal with its code. */
export type FakeAnswer =
  | { data: unknown }
  | { refusal: ErrorCode; status?: number; params?: Record<string, string | number>; rule?: string };

type Route = FakeAnswer | ((body: unknown, url: URL) => FakeAnswer | Promise<FakeAnswer>);

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * The server behind `lib/api.ts` in a component test: `fetch` is replaced (as lib/api.test.ts and lib/upload.test.ts
 * do), each `/api` path answers the envelope its route gives, and every request is kept so a test can check the body
 * a screen sent. A path the test did not expect answers 500, so a screen calling something new fails loudly.
 */
export function fakeApi(routes: Record<string, Route>) {
  const calls: FakeCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init?.method ?? 'GET', path, query: url.searchParams, body });
    const route = routes[path];
    if (!route) return envelope(500, { message_type: 0, code: 'internal', message: `unexpected call ${path}` });
    const answer = typeof route === 'function' ? await route(body, url) : route;
    if ('data' in answer) return envelope(200, { message_type: 1, message: 'ok', data: answer.data });
    return envelope(answer.status ?? 422, {
      message_type: 0,
      code: answer.refusal,
      message: `refused: ${answer.refusal}`,
      params: answer.params ?? {},
      errors: answer.rule ? [{ field: '', message: answer.refusal, rule: answer.rule }] : [],
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** The bodies (or, for GET, the queries) sent to one path, in order. */
    sent: (path: string) => calls.filter((c) => c.path === path).map((c) => c.body ?? Object.fromEntries(c.query)),
  };
}

function envelope(status: number, body: object): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
