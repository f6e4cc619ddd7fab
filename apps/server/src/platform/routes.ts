import { emptyEnvelope, envelopeOf, refusalEnvelope } from '@portal/contract/envelope';
import type { Rule } from '@portal/contract/rules';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The key of the contract row the route was registered from, set by `routesOf` alone (`requireRows`). */
    call?: string;
  }
}

/** The instance a route file's plugin is given. */
type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A row of a call table as the server reads it: the contract's `EndpointSchemas`, `UploadSchemas`, `FileSchemas`
 * and the partner API's rows (keyed `METHOD /path/{name}`, with a summary, headers and examples).
 */
export interface RouteEntry {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  alsoPost?: true;
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  data?: z.ZodType;
  file?: string;
  rule?: Rule;
  status?: 202;
  refusals?: true;
  summary?: string;
  /** What the success answer looks like, shown in the document (the partner API's rows). */
  example?: unknown;
}

/** What a route file adds to its rows: the server's own settings (how the caller is known, a rate limit). */
export type RouteConfig = Omit<FastifyContextConfig, 'rule' | 'file' | 'call'>;

export interface RouteFileOptions {
  /** The OpenAPI tags of the file's routes. */
  tags?: string[];
  /** Settings of every route of the file. */
  config?: RouteConfig;
  /** The `4xx` answer of a row with `refusals` as the document shows it, when the table has its own example. */
  refusal?: z.ZodType;
}

type Parsed<E, K extends string> = E extends { [k in K]: infer S extends z.ZodType } ? z.output<S> : unknown;

/** The request of a row's route: its body, query, params and headers as the row's schemas parse them. */
export type RouteRequest<E> = FastifyRequest<{
  Body: Parsed<E, 'body'>;
  Querystring: Parsed<E, 'query'>;
  Params: Parsed<E, 'params'>;
  Headers: Parsed<E, 'headers'>;
}>;

/** The success envelope of a row with JSON `data`, typed as its response schema checks it. */
export type RouteAnswer<E> = E extends { data: infer D extends z.ZodType }
  ? { message_type: 1; message: string; data: z.output<D>; account_status?: 1 }
  : never;

/** A route's handler: the answer (`ok(data, message)`), or the reply it sent itself (a file, a keyed answer). */
export type RouteHandler<E> = (req: RouteRequest<E>, reply: FastifyReply) => Promise<RouteAnswer<E> | FastifyReply>;

/** The rows that name their rule: only these can be registered. */
type RuledPath<T> = { [P in keyof T]: T[P] extends { rule: Rule } ? P : never }[keyof T] & string;

/** `GET /sales/{sale_id}` (the partner table's keys) or `/download/:id/` with the method in the row. */
function methodAndUrl(key: string, entry: RouteEntry): { method: string; url: string } {
  const space = key.indexOf(' ');
  if (space < 0) return { method: entry.method ?? 'POST', url: key };
  return { method: key.slice(0, space), url: key.slice(space + 1).replace(/\{(\w+)\}/g, ':$1') };
}

/**
 * Registers the routes of a route file from a call table of the contract (decision 0100): the row gives the
 * method, the schemas of params, body, query and headers, the answer (`200` or its `status`: the envelope of its
 * `data`, no data: the empty envelope; `file`: its content types) and the rule; the route file gives the handler,
 * which states the success message, and the server's own settings. `route(path, handler)` registers one row, in
 * the order of the calls, which is the order of the paths in the OpenAPI document.
 */
export function routesOf<T extends Record<string, RouteEntry>>(app: RouteApp, table: T, file: RouteFileOptions = {}) {
  return function route<P extends RuledPath<T>>(path: P, handler: RouteHandler<T[P]>, config: RouteConfig = {}) {
    const entry: RouteEntry = table[path]!; // `path` is a key of the table
    const { method, url } = methodAndUrl(path, entry);
    const answer = entry.data && (entry.data instanceof z.ZodUndefined ? emptyEnvelope : envelopeOf(entry.data));
    const success = answer && entry.example !== undefined ? answer.meta({ example: entry.example }) : answer;
    app.route({
      method: entry.alsoPost ? [method, 'POST'] : method,
      url,
      schema: {
        ...(entry.summary && { summary: entry.summary }),
        ...(entry.params && { params: entry.params }),
        ...(entry.headers && { headers: entry.headers }),
        ...(entry.body && { body: entry.body }),
        ...(entry.query && { querystring: entry.query }),
        ...(file.tags && { tags: file.tags }),
        ...(success && {
          response: {
            [entry.status ?? 200]: success,
            ...(entry.refusals && { '4xx': file.refusal ?? refusalEnvelope }),
          },
        }),
      },
      config: { rule: entry.rule, ...(entry.file && { file: entry.file }), ...file.config, ...config, call: path },
      handler: handler as unknown as RouteHandlerMethod,
    });
  };
}

/**
 * Every `/api` call is registered from its contract row (decision 0100): a route registered any other way (a bare
 * `app.post`, which would declare its own schemas and rule beside the row, or none) fails at start-up, so the
 * tables the web client and the documents read are the server's routes, with nothing to reconcile.
 */
export function requireRows(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs') || url.startsWith('/api/partner/docs')) return;
    if (route.config?.call === undefined) {
      throw new Error(`Route ${route.method} ${url} is not registered from a contract row (routesOf)`);
    }
  });
}
