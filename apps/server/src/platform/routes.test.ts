import { RULES } from '@portal/contract/rules';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from './envelope.ts';
import { requireRows, routesOf } from './routes.ts';

const table = {
  '/row_call/': { body: z.object({ name: z.string() }), data: z.object({ name: z.string() }), rule: RULES.all },
  '/row_file/:id/': { method: 'GET', params: z.object({ id: z.coerce.number() }), file: 'text/csv', rule: RULES.all },
} as const;

function app() {
  const a = Fastify().withTypeProvider<ZodTypeProvider>();
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  requireRows(a);
  return a;
}

describe('routes registered from the contract’s rows (decision 0100)', () => {
  it('refuses to start with an /api route registered beside the rows, with its own schemas and rule', () => {
    const a = app();
    const answer = { response: { 200: z.object({ ok: z.boolean() }) } };
    expect(() =>
      a.post('/api/bare_call/', { config: { rule: RULES.all }, schema: answer }, async () => ({ ok: true })),
    ).toThrow(/POST \/api\/bare_call\/ is not registered from a contract row/);
    expect(() => a.get('/api/bare_file/', { config: { rule: RULES.all, file: 'text/csv' } }, async () => '')).toThrow(
      /not registered from a contract row/,
    );
  });

  it('registers the rows’ calls and files under /api, and leaves other paths and the documents alone', async () => {
    const a = app();
    await a.register(
      async (api) => {
        const route = routesOf(api, table);
        route('/row_call/', async (req) => ok({ name: req.body.name }, 'Named'));
        route('/row_file/:id/', async (req, reply) => reply.type('text/csv').send(`id;${req.params.id}`));
      },
      { prefix: '/api' },
    );
    a.get('/healthz', async () => 'ok');
    a.get('/api/docs/json', async () => ({}));
    const call = await a.inject({ method: 'POST', url: '/api/row_call/', payload: { name: 'x' } });
    expect(call.json()).toEqual({ message_type: 1, message: 'Named', data: { name: 'x' }, account_status: 1 });
    expect((await a.inject({ method: 'GET', url: '/api/row_file/7/' })).body).toBe('id;7');
    await a.close();
  });
});
