import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDtOneClient, DtOneRefusal, DtOneUnreachable } from './client.ts';
import { type DtOneSimulator, startDtOneSimulator } from './simulator.ts';

type Schema = Record<string, unknown>;
const spec = JSON.parse(
  readFileSync(new URL('../../../../../docs/providers/dtone-dvs-openapi-1.14.0.json', import.meta.url), 'utf8'),
) as { paths: Record<string, Record<string, { responses: Record<string, Schema> }>> } & Schema;

function resolve(s: Schema): Schema {
  const ref = s.$ref;
  if (typeof ref !== 'string') return s;
  return resolve(
    ref
      .replace('#/', '')
      .split('/')
      .reduce<Schema>((o, k) => o[k] as Schema, spec),
  );
}

/** Every property the provider's description marks required is present, recursively; returns the gaps. */
function missingRequired(schema: Schema, value: unknown, at = '$'): string[] {
  const s = resolve(schema);
  if (value === null || value === undefined) return [];
  const gaps: string[] = [];
  for (const part of (s.allOf as Schema[] | undefined) ?? []) gaps.push(...missingRequired(part, value, at));
  if (s.oneOf && s.discriminator) {
    const d = s.discriminator as { propertyName: string; mapping: Record<string, string> };
    const target = d.mapping[String((value as Record<string, unknown>)[d.propertyName])];
    if (!target) gaps.push(`${at}.${d.propertyName}`);
    else gaps.push(...missingRequired({ $ref: target }, value, at));
  }
  if (Array.isArray(value) && s.items) {
    value.forEach((v, i) => {
      gaps.push(...missingRequired(s.items as Schema, v, `${at}[${i}]`));
    });
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const props = (s.properties as Record<string, Schema> | undefined) ?? {};
    for (const key of (s.required as string[] | undefined) ?? []) {
      const p = props[key] ? resolve(props[key]) : {};
      if (!(key in obj) && !p.writeOnly) gaps.push(`${at}.${key}`);
    }
    for (const [key, p] of Object.entries(props))
      if (key in obj) gaps.push(...missingRequired(p, obj[key], `${at}.${key}`));
  }
  return gaps;
}

function answerSchema(operation: string, status: number): Schema {
  const [method, path] = operation.split(' ') as [string, string];
  const responses = spec.paths[path]?.[method.toLowerCase()]?.responses ?? {};
  const r = (responses[String(status)] ?? responses.default) as { content: { 'application/json': { schema: Schema } } };
  return r.content['application/json'].schema;
}

interface Recorded {
  operation: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}
const recordedDir = new URL('./recorded/', import.meta.url);
const recorded = Object.fromEntries(
  readdirSync(recordedDir).map((f) => [f, JSON.parse(readFileSync(new URL(f, recordedDir), 'utf8')) as Recorded]),
);

/** A fetch that answers one recorded exchange and remembers what was asked. */
function replay(name: string) {
  const r = recorded[name] as Recorded;
  const seen: { url: string; init: RequestInit }[] = [];
  const doFetch = (async (url: string | URL, init: RequestInit) => {
    seen.push({ url: String(url), init });
    return new Response(JSON.stringify(r.body), {
      status: r.status,
      headers: { 'content-type': 'application/json', ...r.headers },
    });
  }) as typeof fetch;
  return {
    seen,
    client: createDtOneClient({ baseUrl: 'https://dvs.test/v1', apiKey: 'k', apiSecret: 's', fetch: doFetch }),
  };
}

describe('DT One recorded answers', () => {
  it.each(Object.entries(recorded))('%s carries every field the provider description requires', (_, r) => {
    expect(missingRequired(answerSchema(r.operation, r.status), r.body)).toEqual([]);
  });

  it('reads a lookup with its paging headers and sends Basic auth', async () => {
    const { client, seen } = replay('lookup-mobile-number.json');
    const page = await client.lookupMobileNumber('+6595123100');
    expect(page).toMatchObject({ page: 1, perPage: 100, total: 1, totalPages: 1 });
    expect(page.items[0]).toMatchObject({ id: 1201, identified: true, country: { iso_code: 'SGP' } });
    expect(seen[0]?.url).toBe('https://dvs.test/v1/lookup/mobile-number/%2B6595123100?page=1&per_page=100');
    expect((seen[0]!.init.headers as Record<string, string>).authorization).toBe(
      `Basic ${Buffer.from('k:s').toString('base64')}`,
    );
  });

  it('reads products with amounts as decimal strings and sends the filters', async () => {
    const { client, seen } = replay('products.json');
    const page = await client.listProducts({ countryIsoCode: 'SGP', operatorId: 1201, type: 'FIXED_VALUE_RECHARGE' });
    expect(page.items[0]?.prices?.wholesale).toMatchObject({ amount: '6.72', fee: '0.05', unit: 'EUR' });
    expect(new URL(seen[0]?.url as string).searchParams.toString()).toBe(
      'country_iso_code=SGP&operator_id=1201&type=FIXED_VALUE_RECHARGE&page=1&per_page=100',
    );
  });

  it('creates, confirms and reads transactions with their status class', async () => {
    const created = replay('transaction-created.json');
    const t = await created.client.createTransaction({
      externalId: 'tk-3f9a1c2e',
      productId: 5020,
      mobileNumber: '+6595123100',
      callbackUrl: 'https://portal.test/cb/x',
    });
    expect(t.statusName).toBe('CREATED');
    expect(JSON.parse(created.seen[0]?.init.body as string)).toEqual({
      external_id: 'tk-3f9a1c2e',
      product_id: 5020,
      auto_confirm: false,
      credit_party_identifier: { mobile_number: '+6595123100' },
      callback_url: 'https://portal.test/cb/x',
    });
    expect((await replay('transaction-confirmed.json').client.confirmTransaction(t.id)).statusName).toBe('CONFIRMED');
    const done = await replay('transaction-completed.json').client.getTransaction(t.id);
    expect(done).toMatchObject({ statusName: 'COMPLETED', operator_reference: 'OP-88123' });
    expect((await replay('transaction-declined.json').client.getTransaction(t.id))?.statusName).toBe('DECLINED');
    expect(await replay('transaction-not-found.json').client.getTransaction(t.id)).toBeNull();
  });

  it('tells a refusal from no answer', async () => {
    const { client } = replay('transaction-not-found.json');
    await expect(client.confirmTransaction(1)).rejects.toBeInstanceOf(DtOneRefusal);
    const down = createDtOneClient({
      baseUrl: 'https://dvs.test/v1',
      apiKey: 'k',
      apiSecret: 'secret-never-shown',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    const err = await down.getTransaction(1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DtOneUnreachable);
    expect(String((err as Error).message)).not.toContain('secret-never-shown');
  });
});

describe('DT One simulator', () => {
  let sim: DtOneSimulator;
  let clock = 1_800_000_000_000;
  const client = () =>
    createDtOneClient({ baseUrl: sim.baseUrl, apiKey: 'sim-key', apiSecret: 'sim-secret', timeoutMs: 300 });

  beforeAll(async () => {
    sim = await startDtOneSimulator({ apiKey: 'sim-key', apiSecret: 'sim-secret', hangMs: 1_000, now: () => clock });
  });
  afterAll(() => sim.close());

  async function send(mobileNumber: string, externalId: string) {
    const c = client();
    const [product] = (await c.listProducts({ countryIsoCode: 'SGP' })).items;
    const t = await c.createTransaction({ externalId, productId: product?.id as number, mobileNumber });
    return { c, t };
  }

  it('refuses a wrong key', async () => {
    const wrong = createDtOneClient({ baseUrl: sim.baseUrl, apiKey: 'sim-key', apiSecret: 'nope' });
    await expect(wrong.listProducts({})).rejects.toMatchObject({ httpStatus: 401 });
  });

  it('answers lookups and products in the shape of the provider description', async () => {
    const res = await fetch(`${sim.baseUrl}/lookup/mobile-number/+6595123100?page=1&per_page=100`, {
      headers: { authorization: `Basic ${Buffer.from('sim-key:sim-secret').toString('base64')}` },
    });
    const body: unknown = await res.json();
    expect(missingRequired(answerSchema('GET /lookup/mobile-number/{mobile_number}', 200), body)).toEqual([]);
    expect(res.headers.get('x-per-page')).toBe('100');
    const products = await client().listProducts({ countryIsoCode: 'TUR', operatorId: 1001 });
    expect(products.items.length).toBeGreaterThan(0);
    expect(products.items.every((p) => p.operator.id === 1001)).toBe(true);
    expect((await client().listProducts({ countryIsoCode: 'TUR', type: 'RANGED_VALUE_PAYMENT' })).items).toEqual([]);
  });

  it('refuses a second transaction with the same external_id', async () => {
    await send('+6595123100', 'dup-1');
    await expect(send('+6595123100', 'dup-1')).rejects.toMatchObject({ httpStatus: 409 });
    expect((await client().findByExternalId('dup-1'))?.external_id).toBe('dup-1');
  });

  it.each([
    ['+6595123100', 3_000, 'COMPLETED'],
    ['+6595123202', 20_000, 'DECLINED'],
    ['+6595123306', 300_000, 'DECLINED'],
  ])('%s passes CONFIRMED and SUBMITTED and ends after %i ms as %s', async (number, delay, final) => {
    const { c, t } = await send(number, `out-${number}`);
    const confirmed = await c.confirmTransaction(t.id);
    expect(confirmed.statusName).toBe('CONFIRMED');
    clock += delay / 2;
    expect((await c.getTransaction(t.id))?.statusName).toBe('SUBMITTED');
    clock += delay / 2;
    const end = await c.getTransaction(t.id);
    expect(end?.statusName).toBe(final);
    const body: unknown = await (
      await fetch(`${sim.baseUrl}/transactions/${t.id}`, {
        headers: { authorization: `Basic ${Buffer.from('sim-key:sim-secret').toString('base64')}` },
      })
    ).json();
    expect(missingRequired(answerSchema('GET /transactions/{transaction_id}', 200), body)).toEqual([]);
  });

  it('reverses a completed x08 number after the delay again', async () => {
    const { c, t } = await send('+6595123108', 'rev-1');
    await c.confirmTransaction(t.id);
    clock += 3_000;
    expect((await c.getTransaction(t.id))?.statusName).toBe('COMPLETED');
    clock += 3_000;
    expect((await c.getTransaction(t.id))?.statusName).toBe('REVERSED');
  });

  it('leaves an x09 confirm unanswered past the client timeout while the top-up still completes', async () => {
    const { c, t } = await send('+6595123109', 'hang-1');
    await expect(c.confirmTransaction(t.id)).rejects.toBeInstanceOf(DtOneUnreachable);
    clock += 3_000;
    expect((await c.getTransaction(t.id))?.statusName).toBe('COMPLETED');
  });

  it('cancels a created transaction and then refuses to confirm it', async () => {
    const { c, t } = await send('+6595123100', 'cancel-1');
    expect((await c.cancelTransaction(t.id)).statusName).toBe('CANCELLED');
    await expect(c.confirmTransaction(t.id)).rejects.toBeInstanceOf(DtOneRefusal);
  });
});
