import { Agent, request } from 'node:http';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackInflight } from './drain.ts';

describe('closing with kept-alive connections', () => {
  // Without the reaping the close waits for the connection's keep-alive timeout (72 s) and this times out.
  it('does not wait for a connection whose answer was still being written when the close began', {
    timeout: 10_000,
  }, async () => {
    const app = Fastify();
    trackInflight(app);
    const body = new PassThrough();
    app.get('/slow', (_req, reply) => {
      body.write('started');
      return reply.send(body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const agent = new Agent({ keepAlive: true });

    const started = Date.now();
    // The headers are out (onSend ran) before the close begins; the body ends after it began.
    const closed = await new Promise<Promise<void>>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path: '/slow', agent }, (res) => {
        res.resume();
        resolve(app.close());
        setTimeout(() => body.end('done'), 200);
      });
      req.on('error', reject);
      req.end();
    });
    await closed;
    expect(Date.now() - started).toBeLessThan(3_000);
    agent.destroy();
  });
});
