import type { FastifyInstance } from 'fastify';

/**
 * Counts requests whose handler has not answered yet. A client that hangs up does not stop its
 * handler, so shutdown waits for this count, not for open sockets, before closing the pool.
 *
 * While closing, no connection may be kept alive: the server's close waits for every open one, and a
 * kept-alive one only ends when it idles out (72 s). Answers sent while closing therefore end their
 * connection, and connections whose answer was still being written when the close began (so they were
 * neither idle nor answered while closing) are reaped as soon as they go idle.
 */
export function trackInflight(app: FastifyInstance) {
  let inflight = 0;
  let closing = false;
  const done = new WeakSet<object>();
  app.addHook('preClose', async () => {
    closing = true;
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
    app.server.once('close', () => clearInterval(reaper));
  });
  app.addHook('onRequest', async () => {
    inflight++;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    if (!done.has(req)) {
      done.add(req);
      inflight--;
    }
    return payload;
  });
  return {
    async drained(timeoutMs: number) {
      const until = Date.now() + timeoutMs;
      while (inflight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    },
  };
}
