import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  type ApiSignal,
  api,
  createApiClient,
  interpretResponse,
  requestHeaders,
  setApiHandlers,
} from './api.ts';
import { callKey, EARLY_ANSWERS_FOR_MS, takeEarlyAnswer } from './early-answers.ts';
import type { Session } from './session.ts';

const session: Session = { access_token: 'tok', session_id: 'sess', customer_id: 42 };

describe('interpretResponse', () => {
  it('returns data of a message_type 1 answer', () => {
    expect(interpretResponse('/auth_check/', 200, { message_type: 1, message: 'ok', data: { a: 1 } })).toEqual({
      ok: true,
      data: { a: 1 },
    });
  });

  it('turns message_type 0 into an ApiError with code, message, field errors and status', () => {
    const outcome = interpretResponse('/update_settings/', 422, {
      message_type: 0,
      message: 'template: too big',
      code: 'validation_failed',
      errors: [{ field: 'template', rule: 'max', message: 'template: too big' }],
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toBeInstanceOf(ApiError);
    expect(outcome.error).toMatchObject({
      code: 'validation_failed',
      message: 'template: too big',
      status: 422,
      errors: [{ field: 'template', rule: 'max', message: 'template: too big' }],
    });
    expect(outcome.signal).toBeUndefined();
  });

  it('treats message_type 0 as an error even with HTTP 200 (spec section 5)', () => {
    const outcome = interpretResponse('/view_login_requests/', 200, { message_type: 0, message: 'nope' });
    expect(outcome.ok).toBe(false);
  });

  it('carries retry_after of a throttled answer', () => {
    const outcome = interpretResponse('/login/', 429, {
      message_type: 0,
      message: 'Too many attempts',
      code: 'throttled',
      retry_after: 30,
    });
    expect(!outcome.ok && outcome.error.retryAfter).toBe(30);
    expect(!outcome.ok && outcome.error.code).toBe('throttled');
  });

  it.each(['/login/', '/verify/', '/check_login_request_approval/'])(
    'a 401 from %s is wrong credentials, not an ended session',
    (path) => {
      const outcome = interpretResponse(path, 401, {
        message_type: 0,
        message: 'Wrong Username or Password',
        code: 'unauthenticated',
      });
      expect(outcome.signal).toBeUndefined();
      expect(!outcome.ok && outcome.error.status).toBe(401);
    },
  );

  it.each(['/auth_check/', '/view_login_requests/', '/dynamic_balance/'])('a 401 from %s ends the session', (path) => {
    expect(
      interpretResponse(path, 401, { message_type: 0, message: 'Unauthorised', code: 'unauthenticated' }).signal,
    ).toBe('session_ended');
  });

  it('signals account_status 0 on any answer, successful or not', () => {
    expect(
      interpretResponse('/auth_check/', 200, { message_type: 1, message: 'ok', data: {}, account_status: 0 }),
    ).toEqual({
      ok: true,
      data: {},
      signal: 'account_inactive',
    });
    const refused = interpretResponse('/auth_check/', 403, {
      message_type: 0,
      message: 'Account inactive',
      code: 'account_inactive',
      account_status: 0,
    });
    expect(refused.signal).toBe('account_inactive');
    expect(refused.ok).toBe(false);
  });

  it('prefers account_status 0 over an ended session', () => {
    expect(interpretResponse('/auth_check/', 401, { message_type: 0, message: 'x', account_status: 0 }).signal).toBe(
      'account_inactive',
    );
  });

  it('falls back to the HTTP status when the body is not an envelope', () => {
    const outcome = interpretResponse('/auth_check/', 502, '<html>Bad gateway</html>');
    expect(!outcome.ok && outcome.error).toMatchObject({ code: 'internal', status: 502, message: 'HTTP 502' });
    const forbidden = interpretResponse('/x/', 403, null);
    expect(!forbidden.ok && forbidden.error.code).toBe('forbidden');
  });

  it('does not accept a success status with a body that is not an envelope', () => {
    expect(interpretResponse('/auth_check/', 200, { data: 1 }).ok).toBe(false);
  });
});

describe('requestHeaders', () => {
  it('sends bearer token, session and customer when signed in', () => {
    expect(requestHeaders('/auth_check/', session, true)).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok',
      'X-Session-Id': 'sess',
      'X-Customer-Id': '42',
    });
  });

  it('sends no session headers to p_check (spec section 7) or without a session', () => {
    expect(requestHeaders('/p_check/', session, true)).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
    expect(requestHeaders('/dynamic_balance/', null, false)).toEqual({ Accept: 'application/json' });
  });
});

describe('createApiClient', () => {
  function client(status: number, body: unknown, signals: ApiSignal[] = [], responses: string[] = []) {
    const calls: { url: string; init: RequestInit }[] = [];
    const api = createApiClient({
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
      },
      getSession: () => session,
      onSignal: (signal) => signals.push(signal),
      onResponse: (path) => responses.push(path),
    });
    return { api, calls };
  }

  it('posts JSON to /api with the session headers and returns data', async () => {
    const { api, calls } = client(200, { message_type: 1, message: 'ok', data: { theme: 'dark' } });
    await expect(api.call('/update_settings/', { theme: 'dark' })).resolves.toEqual({ theme: 'dark' });
    expect(calls[0]!.url).toBe('/api/update_settings/');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"theme":"dark"}');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('sends GET parameters in the query string', async () => {
    const { api, calls } = client(200, { message_type: 1, message: 'ok', data: {} });
    await api.get('/get_bank_records/', { page: 2, search: 'a b' });
    expect(calls[0]!.url).toBe('/api/get_bank_records/?page=2&search=a+b');
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it("fills a path's named parts from the options", async () => {
    const { api, calls } = client(200, { message_type: 1, message: 'ok', data: {} });
    await api.get('/download/:downloadId/', undefined, { params: { downloadId: 'a/b' } });
    expect(calls[0]!.url).toBe('/api/download/a%2Fb/');
  });

  it('throws the ApiError and reports the 401 signal', async () => {
    const signals: ApiSignal[] = [];
    const responses: string[] = [];
    const { api } = client(401, { message_type: 0, message: 'expired', code: 'unauthenticated' }, signals, responses);
    await expect(api.call('/view_login_requests/', {})).rejects.toMatchObject({ code: 'unauthenticated', status: 401 });
    expect(signals).toEqual(['session_ended']);
    expect(responses).toEqual(['/view_login_requests/']);
  });

  it('reports a network failure as an ApiError with code network', async () => {
    const api = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      getSession: () => null,
    });
    await expect(api.call('/p_check/', {})).rejects.toMatchObject({ code: 'network', status: 0 });
  });

  it('handles a body that is not JSON', async () => {
    const { api } = client(500, 'Internal Server Error');
    await expect(api.call('/auth_check/')).rejects.toMatchObject({ code: 'internal', status: 500 });
  });
});

describe('the app client before the app is connected', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiHandlers({});
  });

  it('keeps an ended session reported by a call that started before the first render for the handlers', async () => {
    setApiHandlers({});
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ message_type: 0, message: 'gone' }), { status: 401 }),
    );
    await expect(api.call('/auth_check/')).rejects.toMatchObject({ code: 'unauthenticated' });

    const seen: [ApiSignal, string][] = [];
    setApiHandlers({ onSignal: (signal, path) => seen.push([signal, path]) });
    expect(seen).toEqual([['session_ended', '/auth_check/']]);
    // Delivered once: connecting again (a remount) does not sign out a newly signed-in user.
    setApiHandlers({ onSignal: (signal, path) => seen.push([signal, path]) });
    expect(seen).toHaveLength(1);
  });
});

describe('answers the boot script asked for', () => {
  afterEach(() => {
    globalThis.__portalEarly = undefined;
  });
  const answer = (data: unknown) => new Response(JSON.stringify({ message_type: 1, message: 'ok', data }));

  it('takes the early answer to the same call once, then asks the server', async () => {
    globalThis.__portalEarly = new Map([
      [callKey('POST', '/view_customers/', '{"page":1}'), Promise.resolve(answer({ early: true }))],
    ]);
    const fetch = vi.fn(async () => answer({ early: false }));
    const client = createApiClient({ fetch, getSession: () => session, takeEarly: takeEarlyAnswer });
    // Another body is another call.
    expect(await client.call('/view_customers/', { page: 2 })).toEqual({ early: false });
    expect(await client.call('/view_customers/', { page: 1 })).toEqual({ early: true });
    expect(await client.call('/view_customers/', { page: 1 })).toEqual({ early: false });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks the server when the early request failed, and drops every early answer once the first screen is long loaded', async () => {
    globalThis.__portalEarly = new Map<string, Promise<Response | null>>([
      [callKey('GET', '/dynamic_balance/', undefined), Promise.resolve(null)],
      [callKey('GET', '/view_notices/', undefined), Promise.resolve(answer({ early: true }))],
    ]);
    const fetch = vi.fn(async () => answer({ early: false }));
    const client = createApiClient({ fetch, getSession: () => session, takeEarly: takeEarlyAnswer });
    expect(await client.get('/dynamic_balance/')).toEqual({ early: false });
    expect(takeEarlyAnswer('GET', '/view_notices/', undefined, EARLY_ANSWERS_FOR_MS + 1)).toBeUndefined();
    expect(globalThis.__portalEarly).toBeUndefined();
    expect(await client.get('/view_notices/')).toEqual({ early: false });
  });
});
