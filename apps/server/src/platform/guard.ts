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
    /** How the caller is known: its session (the default), or a partner API key (decision 0097). */
    auth?: 'session' | 'api_key';
  }
  interface FastifyRequest {
    actor: Actor;
  }
}

export type ResolveActor = (req: FastifyRequest) => Promise<Actor>;

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
  app.addHook('preValidation', async (req) => {
    const rule = req.routeOptions.config.rule;
    if (rule === undefined || rule === 'public') return;
    const byKey = req.routeOptions.config.auth === 'api_key';
    if (byKey && !resolveKeyActor)
      throw new Error(`Route ${req.routeOptions.url} needs API keys, which are not set up`);
    req.actor = await (byKey && resolveKeyActor ? resolveKeyActor : resolveActor)(req);
    if (!passesRule(req.actor, rule)) throw new AppError('forbidden', 'You are not authorized');
  });
}
