import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DT_ONE_STATUS_OF } from '../../modules/topup/dtone-answers.ts';
import { createDtOneClient, DT_ONE_ERROR_CODES, DtOneRefusal, type DtOneStatus, DtOneUnreachable } from './client.ts';
import { DESCRIPTION } from './description-tables.ts';
import { type DtOneSimulator, startDtOneSimulator } from './simulator.ts';
import { CLASS_IDS, DECLINE_MESSAGES, SIM_ERRORS } from './simulator-world.ts';

type Schema = Record<string, unknown>;
const spec = JSON.parse(
  readFileSync(new URL('../../../../../docs/providers/dtone-dvs-openapi-1.14.0.json', import.meta.url), 'utf8'),
) as {
  paths: Record<string, Record<string, { responses: Record<string, Schema> }>>;
  info: { version: string; description: string };
} & Schema;

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

  it.each(Object.entries(recorded).filter(([name]) => name.startsWith('error-')))(
    '%s is the description’s row, and the client reads it as the outcome table says',
    async (name, r) => {
      const body = r.body as { errors: { code: number; message: string }[] };
      const [e] = body.errors;
      expect(DESCRIPTION.errorCodes).toContainEqual({ code: e?.code, message: e?.message, status: r.status });
      const { client } = replay(name);
      const err = await client
        .createTransaction({ externalId: 'x', productId: 5020, mobileNumber: '+6595123100' })
        .catch((x: unknown) => x);
      // A refusal is a 4xx other than 429 with the error document; 429 and 5xx leave the outcome unknown.
      if (r.status >= 500 || r.status === 429) expect(err).toBeInstanceOf(DtOneUnreachable);
      else expect(err).toMatchObject({ name: 'DtOneRefusal', httpStatus: r.status, code: e?.code });
    },
  );

  it('reads a 4xx or 5xx without DT One’s error document as no answer', async () => {
    for (const [status, text] of [
      [404, '<html>Not Found</html>'],
      [400, ''],
      [502, '<html>Bad gateway</html>'],
      [500, ''],
    ] as const) {
      const doFetch = (async () => new Response(text, { status })) as unknown as typeof fetch;
      const c = createDtOneClient({ baseUrl: 'https://dvs.test/v1', apiKey: 'k', apiSecret: 's', fetch: doFetch });
      await expect(c.confirmTransaction(1), String(status)).rejects.toBeInstanceOf(DtOneUnreachable);
    }
  });

  it('reads the balance, a lookup by external_id and a cancel', async () => {
    expect(await replay('balances.json').client.balances()).toEqual([
      { id: 1, unit_type: 'CURRENCY', unit: 'EUR', available: '1843.27', holding: '56.4', credit_limit: '0' },
    ]);
    expect((await replay('transactions-by-external-id.json').client.findByExternalId('tk-3f9a1c2e'))?.id).toBe(2000123);
    expect(await replay('transactions-empty.json').client.findByExternalId('tk-3f9a1c2e')).toBeNull();
    expect(await replay('error-1008004-find.json').client.findByExternalId('tk-3f9a1c2e')).toBeNull();
    expect((await replay('transaction-cancelled.json').client.cancelTransaction(2000123)).statusName).toBe('CANCELLED');
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

  it('refuses a second transaction with the same external_id as DT One does: 400 / 1007001', async () => {
    await send('+6595123100', 'dup-1');
    const err = await send('+6595123100', 'dup-1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DtOneRefusal);
    expect(err).toMatchObject({ httpStatus: 400, code: 1007001 });
    expect((await client().findByExternalId('dup-1'))?.external_id).toBe('dup-1');
    expect(await client().findByExternalId('never-sent')).toBeNull();
  });

  it('answers an unknown transaction and product with 1008004 and 1003001 (404)', async () => {
    await expect(client().getTransaction(1)).resolves.toBeNull();
    await expect(client().confirmTransaction(1)).rejects.toMatchObject({ httpStatus: 404, code: 1008004 });
    await expect(client().getProduct(99)).resolves.toBeNull();
    const c = client();
    const err = await c
      .createTransaction({ externalId: 'no-product', productId: 99, mobileNumber: '+6595123100' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ httpStatus: 404, code: 1003001 });
  });

  it('confirms once: a second confirm is 1007002, a cancel after it 1007007; a cancelled one is 1007004 and 1007005', async () => {
    const { c, t } = await send('+6595123200', 'twice-1');
    await c.confirmTransaction(t.id);
    await expect(c.confirmTransaction(t.id)).rejects.toMatchObject({ httpStatus: 400, code: 1007002 });
    await expect(c.cancelTransaction(t.id)).rejects.toMatchObject({ httpStatus: 400, code: 1007007 });
    const other = await send('+6595123200', 'twice-2');
    expect((await other.c.cancelTransaction(other.t.id)).statusName).toBe('CANCELLED');
    await expect(c.cancelTransaction(other.t.id)).rejects.toMatchObject({ code: 1007005 });
    await expect(c.confirmTransaction(other.t.id)).rejects.toMatchObject({ code: 1007004 });
  });

  it('produces every injected row: refusals, 429 and 5xx with and without the error document, a bare 4xx, reset, timeout', async () => {
    const c = client();
    const create = (externalId: string) =>
      c.createTransaction({ externalId, productId: 5020, mobileNumber: '+6595123100' }).catch((e: unknown) => e);
    sim.inject('create', { answer: 'refuse', code: 1006001 });
    expect(await create('inj-1')).toMatchObject({ httpStatus: 400, code: 1006001 });
    for (const [status, body] of [
      [429, 'errors'],
      [500, 'errors'],
      [503, 'errors'],
      [500, 'none'],
      [503, 'html'],
      [404, 'html'],
      [400, 'none'],
    ] as const) {
      sim.inject('create', { answer: 'http', status, body });
      const err = await create(`inj-${status}-${body}`);
      expect(err, `${status} ${body}`).toBeInstanceOf(DtOneUnreachable);
      expect((err as DtOneUnreachable).httpStatus).toBe(status);
    }
    sim.inject('create', { answer: 'reset' });
    expect(await create('inj-reset')).toBeInstanceOf(DtOneUnreachable);
    sim.inject('create', { answer: 'timeout', effect: true });
    expect(await create('inj-timeout')).toBeInstanceOf(DtOneUnreachable);
    // The create whose answer was lost exists; the one refused before it took effect does not.
    expect((await c.findByExternalId('inj-timeout'))?.external_id).toBe('inj-timeout');
    expect(await c.findByExternalId('inj-500-errors')).toBeNull();
    sim.inject('find', { answer: 'empty' });
    expect(await c.findByExternalId('inj-timeout')).toBeNull();
    sim.inject('find', { answer: 'refuse', code: 1008004 });
    expect(await c.findByExternalId('inj-timeout')).toBeNull();
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

  it('cancels an offer not confirmed within the hour, and reports its balance by the description’s table', async () => {
    const c = client();
    const before = (await c.balances())[0];
    const { t } = await send('+6595123100', 'expire-1');
    const held = (await c.balances())[0];
    expect(Number(held?.holding) - Number(before?.holding)).toBeCloseTo(4.75, 2);
    clock += 3_600_000;
    expect((await c.getTransaction(t.id))?.statusName).toBe('CANCELLED');
    await expect(c.confirmTransaction(t.id)).rejects.toMatchObject({ code: 1007004 });
    // Its hold is given back (other offers of the tests above expired with it).
    expect(Number((await c.balances())[0]?.holding)).toBeLessThanOrEqual(Number(held?.holding) - 4.75);
  });

  // Last: every answer the tests above made the simulator send.
  it('has sent only the HTTP statuses, error codes and statuses of the description', () => {
    const http = new Set<number>(DESCRIPTION.httpStatuses);
    const codes = new Map<number, number>(DESCRIPTION.errorCodes.map((r) => [r.code, r.status]));
    const statuses = new Set(DESCRIPTION.statuses.map((r) => `${r.class} ${r.status}`));
    const sent = sim.sent();
    expect(sent.length).toBeGreaterThan(40);
    for (const a of sent) {
      expect(http.has(a.status), `HTTP ${a.status}`).toBe(true);
      if (a.code !== undefined) expect(codes.get(a.code), `code ${a.code}`).toBe(a.status);
      if (a.statusClass !== undefined) {
        expect(statuses.has(`${a.statusClass} ${a.statusMessage}`), `${a.statusClass} ${a.statusMessage}`).toBe(true);
      }
    }
    // Every code the simulator can send, sent or not, is the description's with its status and message.
    for (const [code, e] of Object.entries(SIM_ERRORS)) {
      expect(DESCRIPTION.errorCodes.find((r) => r.code === Number(code))).toEqual({
        code: Number(code),
        message: e.message,
        status: e.status,
      });
    }
    for (const [cls, id] of Object.entries(CLASS_IDS))
      expect(
        DESCRIPTION.statuses.some((r) => r.class === cls),
        `${cls} ${id}`,
      ).toBe(true);
    for (const m of Object.values(DECLINE_MESSAGES)) expect(statuses.has(`DECLINED ${m}`), m).toBe(true);
  });
});

describe('DT One simulator restarted on its file', () => {
  it('knows every transaction after a restart and brings the pending one to its final status', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dtone-sim-'));
    const file = join(dir, 'simulators', 'dtone.json');
    let clock = 1_900_000_000_000;
    const opts = { apiKey: 'k', apiSecret: 's', now: () => clock, file };
    const c = (sim: DtOneSimulator) => createDtOneClient({ baseUrl: sim.baseUrl, apiKey: 'k', apiSecret: 's' });
    try {
      const first = await startDtOneSimulator(opts);
      const t = await c(first).createTransaction({
        externalId: 'keep-1',
        productId: 5020,
        mobileNumber: '+6595123200',
      });
      await c(first).confirmTransaction(t.id);
      await first.close();
      const second = await startDtOneSimulator(opts);
      try {
        expect((await c(second).getTransaction(t.id))?.statusName).toBe('CONFIRMED');
        clock += 20_000;
        expect((await c(second).findByExternalId('keep-1'))?.statusName).toBe('COMPLETED');
        // The external_id stays used, and new transactions get new ids.
        await expect(
          c(second).createTransaction({ externalId: 'keep-1', productId: 5020, mobileNumber: '+6595123200' }),
        ).rejects.toMatchObject({ code: 1007001 });
        const next = await c(second).createTransaction({
          externalId: 'keep-2',
          productId: 5020,
          mobileNumber: '+6595123200',
        });
        expect(next.id).toBeGreaterThan(t.id);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('DT One description tables (copied in description-tables.ts)', () => {
  /** A markdown table of the description's overview, between a heading and the next one. */
  function table(heading: string): string[][] {
    const text = spec.info.description;
    const start = text.indexOf(heading);
    const part = text.slice(start + heading.length, text.indexOf('\n#', start + heading.length));
    return part
      .split('\n')
      .filter((l) => l.startsWith('|') && !l.startsWith('| ---'))
      .slice(1)
      .map((l) =>
        l
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim().replace(/`/g, '')),
      );
  }

  it('are the description’s own, of its version', () => {
    expect(spec.info.version).toBe(DESCRIPTION.version);
    expect(table('### HTTP Status Codes').map((r) => Number(r[0]))).toEqual(DESCRIPTION.httpStatuses);
    expect(
      table('### API Error Codes').map((r) => ({ code: Number(r[0]), message: r[1], status: Number(r[2]) })),
    ).toEqual(DESCRIPTION.errorCodes);
    expect(table('### Transaction Status').map((r) => ({ class: r[0], status: r[1] }))).toEqual(
      DESCRIPTION.statuses.map(({ class: c, status }) => ({ class: c, status })),
    );
  });

  it('are what the client acts on: its error codes, and every status read by its class', async () => {
    expect(DT_ONE_ERROR_CODES).toEqual(Object.fromEntries(DESCRIPTION.errorCodes.map((r) => [r.code, r.status])));
    const body = recorded['transaction-get-created.json']?.body as Record<string, unknown>;
    for (const row of DESCRIPTION.statuses) {
      const doFetch = (async () =>
        new Response(
          JSON.stringify({ ...body, status: { id: 1, message: row.status, class: { id: 1, message: row.class } } }),
          {
            status: 200,
          },
        )) as unknown as typeof fetch;
      const c = createDtOneClient({ baseUrl: 'https://dvs.test/v1', apiKey: 'k', apiSecret: 's', fetch: doFetch });
      const t = await c.getTransaction(1);
      expect(t?.statusName).toBe(row.class);
      expect(DT_ONE_STATUS_OF[t?.statusName as DtOneStatus], row.status).toBe(row.result);
    }
  });
});
