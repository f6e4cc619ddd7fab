import type { FastifyInstance } from 'fastify';

/**
 * Counts requests whose handler has not answered yet. A client that hangs up does not stop its
 * handler, so shutdown waits for this count, not for open sockets, before closing the pool. Answers
 * sent while closing end their keep-alive connection: otherwise the close waits for the client's
 * connection to idle out (72 s).
 */
export function trackInflight(app: FastifyInstance) {
  let inflight = 0;
  let closing = false;
  const done = new WeakSet<object>();
  app.addHook('preClose', async () => {
    closing = true;
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
