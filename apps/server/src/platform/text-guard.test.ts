import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestContext } from '../../test/harness.ts';
import { postMultipart } from '../modules/inventory/inventory.fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ captureLog: true });
});
afterAll(async () => ctx.close());

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; anyOf?: Schema[]; items?: Schema };
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  parameters?: { in: string; name: string; schema?: Schema }[];
};

const isText = (s: Schema | undefined): boolean =>
  !!s && (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string')) || !!s.anyOf?.some(isText));

/** Every text field of a body schema, set to a value with a NUL in it (nested objects included). */
function poisoned(schema: Schema | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(schema?.properties ?? {})) {
    if (isText(s)) out[name] = 'a\u0000b';
    else if (s.properties) out[name] = poisoned(s);
  }
  return out;
}

describe('control characters', () => {
  it('are refused with 422 naming the field on every text field of every route', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const body = poisoned(op.requestBody?.content?.['application/json']?.schema);
        const query = (op.parameters ?? []).filter((p) => p.in === 'query' && isText(p.schema));
        const params = (op.parameters ?? []).filter((p) => p.in === 'path');
        if (Object.keys(body).length === 0 && query.length === 0) continue;
        let url = path;
        for (const p of params) url = url.replace(`{${p.name}}`, '1');
        if (query.length) url += `?${query.map((q) => `${q.name}=a%00b`).join('&')}`;
        const res = await ctx.app.inject({
          method: method.toUpperCase() as 'POST',
          url,
          headers: { host: 'localhost' },
          ...(Object.keys(body).length && method !== 'get' ? { payload: body } : {}),
        });
        expect(res.statusCode, `${method} ${path}`).toBe(422);
        const errors = res.json().errors as { field: string; rule: string }[];
        expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
        expect(
          errors.every((e) => e.rule === 'control_character'),
          `${method} ${path}`,
        ).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(60);
    // Nothing of it reached SQL, and no query string reached the log.
    const log = ctx.logLines.join('\n');
    expect(log).not.toMatch(/Failed query|invalid byte sequence/);
    expect(log).not.toContain('a%00b');
  });

  it('lets tabs, line feeds and carriage returns through in free text', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/p_check/',
      headers: { host: 'localhost' },
      payload: { organisation_name: 'local\thost\r\n' },
    });
    expect(res.statusCode).not.toBe(422);
  });

  it('refuses a bidirectional override in a name', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/register/',
      headers: { host: 'localhost' },
      payload: { name: 'Shop \u202Egnp.exe' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'name', rule: 'control_character', message: 'name: must not contain control characters' },
    ]);
  });

  it('checks the text fields of a multipart upload and lets its file through to the upload rules', async () => {
    const reseller = await signIn(ctx, 'reseller');
    const file = { field: 'csv_file', filename: 'pins.csv', content: 'PIN\n123456789012\n' };
    const refused = await postMultipart(ctx.app, '/api/upload_file/', { delimiter: ',\u0000' }, file, reseller);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'delimiter', rule: 'control_character' })]);
    const passed = await postMultipart(ctx.app, '/api/upload_file/', { delimiter: ',' }, file, reseller);
    expect(passed.status).not.toBe(422);
    expect(passed.status).toBeLessThan(500);
  });
});
