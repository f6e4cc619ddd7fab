import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type Level = 'error' | 'warn' | 'info' | 'debug';
export type ServiceLog = Record<Level, (o: object, m: string) => void>;

/**
 * The log services write to: inside a request it is that request's logger, so the line carries the request id
 * (`reqId`) like Fastify's own lines; in a job or at start it is the app's logger. Services are built once and
 * cannot be handed each request's logger, so the request's logger travels with its asynchronous context.
 */
export function requestScopedLog(app: FastifyInstance): ServiceLog {
  const current = new AsyncLocalStorage<FastifyBaseLogger>();
  // Everything after this hook (body parsing, the handler, what it awaits) continues in this context.
  app.addHook('onRequest', (req, _reply, done) => current.run(req.log, done));
  const log = () => current.getStore() ?? app.log;
  return {
    error: (o, m) => log().error(o, m),
    warn: (o, m) => log().warn(o, m),
    info: (o, m) => log().info(o, m),
    debug: (o, m) => log().debug(o, m),
  };
}
