import type { EndpointData, EndpointInput, EndpointParams, EndpointPath, PathOf } from '@portal/contract/endpoints';
import type { Envelope, ErrorCode, FieldError } from '@portal/contract/envelope';
import { takeEarlyAnswer } from './early-answers.ts';
import { type Session, sessionStore } from './session.ts';

export type ApiErrorCode = ErrorCode | 'network' | 'unknown';

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly errors: FieldError[];
  readonly retryAfter: number | undefined;
  /** The refusal's parameters (names, amounts as decimal strings, counts) for its translated text. */
  readonly params: Record<string, string | number>;

  constructor(
    code: ApiErrorCode,
    message: string,
    status: number,
    errors: FieldError[] = [],
    retryAfter?: number,
    params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.errors = errors;
    this.retryAfter = retryAfter;
    this.params = params;
  }
}

/** What the app must do beyond the call's own result: end the session (401) or throw the user out (account_status 0). */
export type ApiSignal = 'session_ended' | 'account_inactive';

export type ApiOutcome<T> =
  | { ok: true; data: T; signal?: ApiSignal }
  | { ok: false; error: ApiError; signal?: ApiSignal };

// These calls answer 401 for wrong credentials, which is not an ended session (spec section 8).
const CREDENTIAL_CALLS = ['/login/', '/verify/', '/check_login_request_approval/'];

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'validation_failed',
  429: 'throttled',
  500: 'internal',
};

function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    'message_type' in body &&
    ((body as Envelope).message_type === 0 || (body as Envelope).message_type === 1)
  );
}

/** Turns an HTTP status and parsed body into data or an ApiError, plus the signal the app must act on. */
export function interpretResponse<T>(path: string, status: number, body: unknown): ApiOutcome<T> {
  const envelope = isEnvelope(body) ? body : null;
  const signal: ApiSignal | undefined =
    envelope?.account_status === 0
      ? 'account_inactive'
      : status === 401 && !CREDENTIAL_CALLS.includes(path)
        ? 'session_ended'
        : undefined;
  const withSignal = <O extends ApiOutcome<T>>(outcome: O): O => (signal ? { ...outcome, signal } : outcome);

  if (envelope && envelope.message_type === 1 && status < 400) {
    return withSignal({ ok: true, data: envelope.data as T });
  }
  const fallbackCode = STATUS_CODES[status] ?? (status >= 500 ? 'internal' : 'unknown');
  const error = new ApiError(
    envelope?.code ?? fallbackCode,
    envelope?.message || `HTTP ${status}`,
    status,
    envelope?.errors ?? [],
    envelope?.retry_after,
    envelope?.params,
  );
  return withSignal({ ok: false, error });
}

/** Headers every call carries; p_check carries none (spec section 7). */
export function requestHeaders(path: string, session: Session | null, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (session && !path.includes('p_check')) {
    headers.Authorization = `Bearer ${session.access_token}`;
    headers['X-Session-Id'] = session.session_id;
    headers['X-Customer-Id'] = String(session.customer_id);
  }
  return headers;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  getSession: () => Session | null;
  onSignal?: (signal: ApiSignal, path: string) => void;
  /** Called after every answer the server gave, e.g. to schedule the role-2 user-details recheck. */
  onResponse?: (path: string) => void;
  /** An answer to this very call asked for before the app ran; null or undefined: ask now. */
  takeEarly?: (method: string, path: string, body: string | undefined) => Promise<Response | null> | undefined;
}

export interface CallOptions {
  abort?: AbortSignal;
}

/** What a call passes after its path: its body or query, then the options, which carry any `:name` parts. */
type CallArgs<P extends EndpointPath> =
  EndpointParams<P> extends undefined
    ? undefined extends EndpointInput<P>
      ? [input?: EndpointInput<P>, options?: CallOptions]
      : [input: EndpointInput<P>, options?: CallOptions]
    : [input: EndpointInput<P>, options: CallOptions & { params: EndpointParams<P> }];

/**
 * Calls by the contract's endpoint table (decision 0100): the path picks the body or query it takes and
 * the data it answers, so no call site states either. `call` POSTs, the others use their method.
 */
export interface ApiClient {
  call<P extends PathOf<'POST'>>(path: P, ...args: CallArgs<P>): Promise<EndpointData<P>>;
  get<P extends PathOf<'GET'>>(path: P, ...args: CallArgs<P>): Promise<EndpointData<P>>;
  patch<P extends PathOf<'PATCH'>>(path: P, ...args: CallArgs<P>): Promise<EndpointData<P>>;
  delete<P extends PathOf<'DELETE'>>(path: P, ...args: CallArgs<P>): Promise<EndpointData<P>>;
}

export const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A path with its `:name` parts filled in. */
export function withParams(path: string, params?: object): string {
  const values: Record<string, unknown> = { ...params };
  return params ? path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name]))) : path;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  async function send(method: Method, path: string, body: object | undefined, options?: CallOptions) {
    let response: Response;
    const json = body === undefined ? undefined : JSON.stringify(body);
    try {
      const early = deps.takeEarly ? await deps.takeEarly(method, path, json) : null;
      response =
        early ??
        (await deps.fetch(`${API_BASE}${path}`, {
          method,
          headers: requestHeaders(path, deps.getSession(), body !== undefined),
          body: json,
          signal: options?.abort,
        }));
    } catch (cause) {
      if (options?.abort?.aborted) throw cause;
      throw new ApiError('network', cause instanceof Error ? cause.message : 'network', 0);
    }
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      // A proxy's HTML error page or an empty body: interpretResponse falls back to the status code.
    }
    const outcome = interpretResponse<never>(path.split('?')[0]!, response.status, parsed);
    deps.onResponse?.(path);
    if (outcome.signal) deps.onSignal?.(outcome.signal, path);
    if (!outcome.ok) throw outcome.error;
    return outcome.data;
  }

  const withQuery = (path: string, query?: object) =>
    query ? `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : path;
  const by =
    (method: Method) =>
    (path: string, input?: object, options?: CallOptions & { params?: Record<string, unknown> }) => {
      const url = withParams(path, options?.params);
      if (method === 'GET' || method === 'DELETE') return send(method, withQuery(url, input), undefined, options);
      return send(method, url, input ?? (method === 'POST' ? {} : undefined), options);
    };
  // The table's types are checked at each call site; the runtime only needs the method.
  return { call: by('POST'), get: by('GET'), patch: by('PATCH'), delete: by('DELETE') } as ApiClient;
}

/**
 * The one shape a call answers when its table entry is a union chosen by the request (decision 0100):
 * `/view_discount_plan/` answers a page, or with `discount_slab_id` one slab. Picked by a key only that
 * shape has, so a wrong guess fails here instead of as an undefined field on screen.
 */
export function answerWith<T extends object, K extends string>(answer: T, key: K): Extract<T, Record<K, unknown>> {
  if (!(key in answer)) throw new ApiError('unknown', `The answer carries no ${key}`, 200);
  return answer as Extract<T, Record<K, unknown>>;
}

/** A filter as it stands in the URL, as the enum field a body takes: one of the list's values, else none. */
export function oneOf<T extends string>(values: readonly T[], value: string): T | undefined {
  return values.find((v) => v === value);
}

let handlers: Pick<ApiClientDeps, 'onSignal' | 'onResponse'> = {};
/**
 * A signal that arrived before the app connected its handlers: the user-details call starts before the first render,
 * and an ended session it reports must still sign the user out once the app is there.
 */
let pendingSignal: { signal: ApiSignal; path: string } | null = null;

/** The app layer decides what a signal means for navigation and caches; lib only reports it. */
export function setApiHandlers(next: Pick<ApiClientDeps, 'onSignal' | 'onResponse'>): void {
  handlers = next;
  const pending = pendingSignal;
  pendingSignal = null;
  if (pending) next.onSignal?.(pending.signal, pending.path);
}

export const api: ApiClient = createApiClient({
  fetch: (input, init) => fetch(input, init),
  takeEarly: (method, path, body) => takeEarlyAnswer(method, path, body),
  getSession: () => sessionStore.get().session,
  onSignal: (signal, path) => {
    if (handlers.onSignal) handlers.onSignal(signal, path);
    else pendingSignal = { signal, path };
  },
  onResponse: (path) => handlers.onResponse?.(path),
});
