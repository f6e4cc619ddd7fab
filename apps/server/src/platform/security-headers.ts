import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers on every answer: API calls, the web app's files, errors and 404s. Helmet's middleware is built
 * once here; the @fastify/helmet plugin built it again on every request (its policy parsed each time), about 4 % of
 * the portal's CPU per purchase.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:', 'blob:', 'https:'], 'style-src': ["'self'", "'unsafe-inline'"] },
    },
  });
  // Helmet 8 throws its errors; its callback only says it is done.
  app.addHook('onRequest', (req, reply, done) => setHeaders(req.raw, reply.raw, () => done()));
}
