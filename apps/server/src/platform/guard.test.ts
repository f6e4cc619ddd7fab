import { flagsFrom, ROLE } from '@portal/contract/roles';
import { RULES } from '@portal/contract/rules';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.ts';
import { registerErrorHandler } from './errors.ts';
import { registerGuard } from './guard.ts';

function actor(account_role: Actor['account_role'], flags: string[], internal_role: 0 | 1 = 0): Actor {
  return {
    userId: 1,
    customerId: 1,
    sessionId: 's',
    organisationId: 1,
    username: 'u',
    account_role,
    internal_role,
    enable_web_view: 0,
    flags: flagsFrom(flags),
    customerRole: account_role === 3 ? 2 : account_role,
    parentCustomerId: null,
  };
}

const answer = { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } };

async function appFor(a: Actor) {
  const app = Fastify();
  registerErrorHandler(app);
  registerGuard(app, async () => a);
  app.post('/api/operator_call/', { config: { rule: RULES.customersChange }, schema: answer }, async () => ({
    ok: true,
  }));
  app.post('/api/users_call/', { config: { rule: RULES.users }, schema: answer }, async () => ({ ok: true }));
  app.post(
    '/api/validated_call/',
    {
      config: { rule: RULES.customersChange },
      schema: { ...answer, body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    },
    async () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

describe('server guard', () => {
  it('refuses a seller that holds an operator flag (role AND flag)', async () => {
    const app = await appFor(actor(ROLE.seller, ['has_customers', 'has_transaction']));
    const res = await app.inject({ method: 'POST', url: '/api/operator_call/' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message_type: 0, code: 'forbidden' });
  });

  it('refuses an operator without the flag and passes one with it', async () => {
    expect(
      (await (await appFor(actor(ROLE.reseller, []))).inject({ method: 'POST', url: '/api/operator_call/' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await (
          await appFor(actor(ROLE.reseller, ['has_customers']))
        ).inject({ method: 'POST', url: '/api/operator_call/' })
      ).statusCode,
    ).toBe(200);
  });

  it('checks the rule before the body, so a forbidden caller learns nothing about the schema', async () => {
    const app = await appFor(actor(ROLE.seller, []));
    const res = await app.inject({ method: 'POST', url: '/api/validated_call/', payload: {} });
    expect(res.statusCode).toBe(403);
  });

  it('applies the users rule to reseller staff', async () => {
    const staff = await appFor(actor(ROLE.reseller, [], 1));
    expect((await staff.inject({ method: 'POST', url: '/api/users_call/' })).statusCode).toBe(403);
  });

  it('refuses to start with an /api route that declares no rule', async () => {
    const app = Fastify();
    registerGuard(app, async () => actor(ROLE.superadmin, []));
    expect(() => app.post('/api/open_call/', async () => ({}))).toThrow(/declares no rule/);
  });

  it('refuses to start with an /api route that declares no answer, unless it answers a file', async () => {
    const app = Fastify();
    registerGuard(app, async () => actor(ROLE.superadmin, []));
    expect(() => app.post('/api/undeclared/', { config: { rule: RULES.all } }, async () => ({}))).toThrow(
      /declares no response schema/,
    );
    expect(() =>
      app.get('/api/file/', { config: { rule: RULES.all, file: 'text/csv' } }, async () => 'a;b'),
    ).not.toThrow();
    expect(() =>
      app.post('/api/declared/', { config: { rule: RULES.all }, schema: answer }, async () => ({})),
    ).not.toThrow();
  });
});
