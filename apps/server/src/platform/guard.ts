import { passesRule, type Rule } from '@portal/contract/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from './actor.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    rule?: Rule;
    /** The content type of a route that answers a file (CSV, PDF, image) instead of a JSON envelope. */
    file?: string;
    /**
     * How the caller is known: its session (the default), or a partner API key (decision 0097). `session_memo`:
     * its session, answered from the session memo; only for a route whose work runs in `withCurrentActor` and
     * has its database call compare `actor.version` (decision 0124).
     */
    auth?: 'session' | 'session_memo' | 'api_key';
  }
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyInstance {
    /** The request's actor read afresh and held to the route's rule again. */
    currentActor(req: FastifyRequest): Promise<Actor>;
  }
}

/** Resolves a request's actor; `memo`: a recent lookup's actor may stand in (decision 0124). */
export type ResolveActor = (req: FastifyRequest, memo?: boolean) => Promise<Actor>;

/** The database work found the memo's actor outdated (`actor_version` differs): read it afresh and retry. */
export class ActorChanged extends Error {}

/**
 * A `session_memo` route's work with the memo's actor; when the work finds it changed, once more with the actor
 * read afresh, whose version is not compared again: from there it is the uncached path's single lookup.
 */
export async function withCurrentActor<T>(req: FastifyRequest, work: (actor: Actor) => Promise<T>): Promise<T> {
  try {
    return await work(req.actor);
  } catch (err) {
    if (!(err instanceof ActorChanged)) throw err;
    req.actor = { ...(await req.server.currentActor(req)), version: null };
    return work(req.actor);
  }
}

/** The token of `Authorization: Bearer <token>` (a session's access token or a partner API key); '' without one. */
export function bearerToken(req: FastifyRequest): string {
  const auth = req.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() : '';
}

/**
 * Every /api route declares its rule (ARCHITECTURE.md "Route rules") and its answer: a response schema,
 * or for a file its content type (`config.file`). A route without them fails at start-up, so no call is
 * left open by accident and no answer is sent undeclared. The web guard is comfort, this one is security.
 */
export function registerGuard(app: FastifyInstance, resolveActor: ResolveActor, resolveKeyActor?: ResolveActor): void {
  // No actor until the preValidation hook below sets one; a route without a rule never reads it.
  app.decorateRequest('actor', null, []);
  app.addHook('onRoute', (route) => {
    if (
      !route.url.startsWith('/api/') ||
      route.url.startsWith('/api/docs') ||
      route.url.startsWith('/api/partner/docs')
    )
      return;
    if (route.config?.rule === undefined) throw new Error(`Route ${route.method} ${route.url} declares no rule`);
    if (route.schema?.response) return;
    if (!route.config.file) {
      throw new Error(`Route ${route.method} ${route.url} declares no response schema and no file type`);
    }
    // A file answer is documented by its content types; Fastify never serializes its bytes.
    const file = z.string().meta({ format: 'binary' });
    const content = Object.fromEntries(route.config.file.split(',').map((type) => [type.trim(), { schema: file }]));
    route.schema = { ...route.schema, response: { 200: { description: 'A file', content } } };
  });
  async function actorFor(req: FastifyRequest, memo: boolean) {
    const { rule, auth } = req.routeOptions.config;
    if (auth === 'api_key' && !resolveKeyActor)
      throw new Error(`Route ${req.routeOptions.url} needs API keys, which are not set up`);
    const actor = await (auth === 'api_key' && resolveKeyActor ? resolveKeyActor : resolveActor)(req, memo);
    if (!passesRule(actor, rule as Rule)) throw new AppError('forbidden', 'You are not authorized');
    return actor;
  }
  app.decorate('currentActor', (req: FastifyRequest) => actorFor(req, false));
  app.addHook('preValidation', async (req) => {
    const rule = req.routeOptions.config.rule;
    if (rule === undefined || rule === 'public') return;
    req.actor = await actorFor(req, req.routeOptions.config.auth === 'session_memo');
  });
}
