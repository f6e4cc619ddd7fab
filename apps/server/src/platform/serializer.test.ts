import { envelopeOf } from '@portal/contract/envelope';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { droppedKeys, responseSerializer } from './serializer.ts';

const sale = z.object({ id: z.number(), price: z.string() });

async function appAnswering(strict: boolean, data: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ strict }));
  app.get('/sale', { schema: { response: { 200: envelopeOf(z.array(sale)) } } }, async () => ({
    message_type: 1,
    message: 'ok',
    data,
  }));
  const res = await app.inject('/sale');
  await app.close();
  return res;
}

describe('response serializer', () => {
  it('sends only what the schema declares', async () => {
    const res = await appAnswering(false, [{ id: 1, price: '2.00', pin: '1234567890' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ id: 1, price: '2.00' }]);
    expect(res.body).not.toContain('1234567890');
  });

  it('fails under test when the schema would drop a key', async () => {
    const res = await appAnswering(true, [{ id: 1, price: '2.00', pin: '1234567890' }]);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('1234567890');
  });

  it('refuses a value of the wrong type, strict or not', async () => {
    for (const strict of [false, true]) {
      expect((await appAnswering(strict, [{ id: 1, price: null }])).statusCode).toBe(500);
    }
  });

  it('passes an answer that matches its schema exactly', async () => {
    const res = await appAnswering(true, [{ id: 1, price: '2.00' }]);
    expect(res.statusCode).toBe(200);
  });

  it('names every dropped path, nested ones included', () => {
    expect(droppedKeys({ a: 1, b: { c: 2, d: [{ e: 1, f: 2 }] } }, { a: 1, b: { c: 2, d: [{ e: 1 }] } }, '')).toEqual([
      'b.d[0].f',
    ]);
  });
});
