import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, type TestContext } from '../../../test/harness.ts';
import { type DemoIds, portalCopyDeps, providerSalesApp, shopActor } from '../../../test/provider-sales.ts';
import { createDtOneClient, type DtOneClient } from '../../providers/dtone/client.ts';
import {
  type DtOneSimulator,
  type SimFault,
  type SimOperation,
  startDtOneSimulator,
} from '../../providers/dtone/simulator.ts';
import { externalIdOf } from '../provider-sales/provider-sale-flow.ts';
import { providerLedgerOf } from '../provider-sales/provider-sales.fixtures.ts';
import { balanceOf, checkInvariants, newShop, signInOnce, topUp, transactionKey } from '../selling/selling.fixtures.ts';
import { createTopupSalesService } from './topup-sales.service.ts';

/**
 * Every row of DT One's outcome table (decision 0080), each run twice: against the simulator told to produce it, and
 * against answers recorded from DT One's own description (`providers/dtone/recorded/`, never produced by our
 * simulator). A copy of the portal's sales service is driven step by step as the poll job would drive it; the
 * wallets and the ledger say what happened to the money.
 */
let ctx: TestContext;
let ids: DemoIds;
let sim: DtOneSimulator;
/** The simulator's clock runs this far ahead of the real one (an offer that expired). */
let skew = 0;

beforeAll(async () => {
  ({ ctx, ids } = await providerSalesApp('DT_ONE', { DT_ONE_SIMULATOR_DELAY_SCALE: '0.01' }, '1000'));
  sim = await startDtOneSimulator({
    apiKey: 'k',
    apiSecret: 's',
    delayScale: 0.01,
    hangMs: 1_000,
    now: () => Date.now() + skew,
  });
}, 120_000);
afterAll(async () => {
  await sim?.close();
  await ctx?.close();
});

const PRODUCT = 5020;
const NUMBER = '+6595123100';

type Op = 'product' | 'create' | 'confirm' | 'get' | 'find' | 'cancel';
interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}
const recordedDir = new URL('../../providers/dtone/recorded/', import.meta.url);
const recorded: Record<string, Recorded> = Object.fromEntries(
  readdirSync(recordedDir).map((f) => [
    f.replace('.json', ''),
    JSON.parse(readFileSync(new URL(f, recordedDir), 'utf8')),
  ]),
);

function opOf(method: string, url: URL): Op {
  const p = url.pathname.replace(/^\/v1/, '');
  if (method === 'GET' && /^\/products\/\d+$/.test(p)) return 'product';
  if (method === 'POST' && p === '/async/transactions') return 'create';
  if (method === 'POST' && /\/confirm$/.test(p)) return 'confirm';
  if (method === 'POST' && /\/cancel$/.test(p)) return 'cancel';
  if (method === 'GET' && p === '/transactions') return 'find';
  return 'get';
}

/** DT One answering from the recorded answers, in order per operation (the last one repeats). */
function recordedDtOne(script: Partial<Record<Op, string[]>>): { client: DtOneClient; asked: Op[] } {
  const queues = new Map(Object.entries({ product: ['product-5020'], ...script }).map(([k, v]) => [k, [...v]]));
  const asked: Op[] = [];
  const doFetch = (async (url: string | URL, init: RequestInit) => {
    const op = opOf(init.method ?? 'GET', new URL(String(url)));
    asked.push(op);
    const q = queues.get(op);
    if (!q?.length) throw new Error(`no recorded answer for ${op}`);
    const name = (q.length > 1 ? q.shift() : q[0]) as string;
    const r = recorded[name];
    if (!r) throw new Error(`no recording ${name}`);
    return new Response(JSON.stringify(r.body), { status: r.status, headers: r.headers });
  }) as typeof fetch;
  return {
    asked,
    client: createDtOneClient({ baseUrl: 'https://dvs.test/v1', apiKey: 'k', apiSecret: 's', fetch: doFetch }),
  };
}

const simClient = () => createDtOneClient({ baseUrl: sim.baseUrl, apiKey: 'k', apiSecret: 's', timeoutMs: 500 });

interface Row {
  name: string;
  /** What the simulator is told before the sale (the external_id of the sale at hand given). */
  simulator?: (externalId: string) => Promise<void> | void;
  /** The recorded answers; none where the description has no such answer (a bare 4xx, a reset). */
  recorded?: Partial<Record<Op, string[]>>;
  number?: string;
  /** After the first step (the send), before the poll job's steps. */
  firstStep: 'pending' | 'failed';
  final: 'successful' | 'failed' | 'held';
  alert?: number;
  withdrawn?: boolean;
}

const created = ['transaction-created'];
const completes = { confirm: ['transaction-confirmed'], get: ['transaction-completed'] };
const inject =
  (op: SimOperation, fault: SimFault, times = 1) =>
  () =>
    sim.inject(op, fault, times);

/** Unknown answers to a create: the sale stays pending, is looked up, created again and completes. */
const unknownCreate = (name: string, fault: SimFault, recording?: string): Row => ({
  name: `create answered ${name} → unknown: looked up, created again, never failed`,
  simulator: inject('create', fault),
  recorded: recording ? { create: [recording, ...created], find: ['transactions-empty'], ...completes } : undefined,
  firstStep: 'pending',
  final: 'successful',
});

const refusedCreate = (code: number, extra: Partial<Row> = {}): Row => ({
  name: `create refused ${code} → failed, the reservation released`,
  simulator: inject('create', { answer: 'refuse', code: code as never }),
  recorded: { create: [`error-${code}-create`] },
  firstStep: 'failed',
  final: 'failed',
  ...extra,
});

const ROWS: Row[] = [
  {
    name: 'create 201, confirm 202 → pending, then COMPLETED → successful',
    recorded: { create: created, ...completes },
    firstStep: 'pending',
    final: 'successful',
  },
  {
    name: 'a create timed out after taking effect, not yet found, created again: 1007001 → looked up and adopted',
    simulator: () => {
      sim.inject('create', { answer: 'timeout', effect: true });
      sim.inject('find', { answer: 'empty' });
    },
    recorded: { create: ['error-1007001-create'], find: ['transactions-by-external-id'], ...completes },
    firstStep: 'pending',
    final: 'successful',
  },
  {
    name: '1007001 and DT One holds another number under the external_id → held for the superadmin, money kept',
    simulator: async (externalId) => {
      await simClient().createTransaction({ externalId, productId: PRODUCT, mobileNumber: NUMBER });
    },
    recorded: { create: ['error-1007001-create'], find: ['transactions-by-external-id'] },
    number: '+6595123101',
    firstStep: 'pending',
    final: 'held',
  },
  refusedCreate(1006001, { alert: 1006001 }),
  refusedCreate(1000401, { alert: 1000401 }),
  refusedCreate(1003001, { withdrawn: true }),
  refusedCreate(1005003),
  unknownCreate('429 with the error document', { answer: 'http', status: 429, body: 'errors' }, 'error-1000429-create'),
  unknownCreate('500 with the error document', { answer: 'http', status: 500, body: 'errors' }, 'error-1009001-create'),
  unknownCreate('503 with the error document', { answer: 'http', status: 503, body: 'errors' }, 'error-1009503-create'),
  unknownCreate('500 without a body', { answer: 'http', status: 500, body: 'none' }),
  unknownCreate('404 without DT One’s error document', { answer: 'http', status: 404, body: 'html' }),
  unknownCreate('400 without DT One’s error document', { answer: 'http', status: 400, body: 'none' }),
  unknownCreate('by a reset connection', { answer: 'reset' }),
  unknownCreate('by a timeout, before it took effect', { answer: 'timeout' }),
  {
    name: 'a create that timed out after taking effect → found by its external_id, adopted, no second create',
    simulator: inject('create', { answer: 'timeout', effect: true }),
    recorded: { create: ['error-1009001-create'], find: ['transactions-by-external-id'], ...completes },
    firstStep: 'pending',
    final: 'successful',
  },
  {
    name: 'confirm answered 500 with the error document → pending, the poll confirms again',
    simulator: inject('confirm', { answer: 'http', status: 500, body: 'errors' }),
    recorded: {
      create: created,
      confirm: ['error-1009001-confirm', 'transaction-confirmed'],
      get: ['transaction-get-created', 'transaction-completed'],
    },
    firstStep: 'pending',
    final: 'successful',
  },
  {
    name: 'confirm 1007002 (its first answer lost) → already confirmed, followed to COMPLETED',
    simulator: inject('confirm', { answer: 'refuse', code: 1007002, effect: true }),
    recorded: {
      create: created,
      confirm: ['error-1007002-confirm'],
      get: ['transaction-get-confirmed', 'transaction-completed'],
    },
    firstStep: 'pending',
    final: 'successful',
  },
  {
    name: 'confirm 1007004 → DT One’s status decides: CANCELLED → failed',
    simulator: inject('confirm', {
      answer: 'refuse',
      code: 1007004,
      // The offer expired: DT One cancelled it, hence "can no longer be confirmed".
      afterwards: () => {
        skew += 3_600_000;
      },
    }),
    recorded: { create: created, confirm: ['error-1007004-confirm'], get: ['transaction-get-cancelled'] },
    firstStep: 'failed',
    final: 'failed',
  },
];

describe.each(['simulator', 'recorded'] as const)('DT One outcome table, %s', (backend) => {
  it.each(ROWS.filter((r) => backend === 'simulator' || r.recorded))(
    '$name',
    async (row) => {
      const shop = await newShop(ctx, `Outcome ${backend} ${ROWS.indexOf(row)}`);
      await topUp(ctx, shop.customerId, '50');
      const key = await transactionKey(ctx, shop.headers);
      const externalId = externalIdOf(key);
      let dtOne: DtOneClient;
      if (backend === 'simulator') {
        await row.simulator?.(externalId);
        dtOne = simClient();
      } else {
        dtOne = recordedDtOne(row.recorded ?? {}).client;
      }
      const service = createTopupSalesService({ ...portalCopyDeps(ctx, 'dtone'), dtOne, callbackUrl: null });
      const sent = await service.send(await shopActor(ctx, shop), {
        transaction_key: key,
        product_id: PRODUCT,
        mobile_number: row.number ?? NUMBER,
      });
      expect(sent.status, JSON.stringify(sent.answer)).toBe(200);
      const saleId = (sent.answer.data as { sale_id: number }).sale_id;
      expect((sent.answer.data as { status: string }).status).toBe(row.firstStep);
      const reserved = (await balanceOf(ctx, shop.customerId)).toFixed(2);

      // The poll job's steps, until the sale is final (or held, which no step moves).
      let status = row.firstStep as string;
      for (let i = 0; i < (row.final === 'held' ? 1 : 60) && status === 'pending'; i++) {
        status = (await service.advance(saleId)) ?? status;
        if (status === 'pending') await new Promise((r) => setTimeout(r, 50));
      }
      const [sale] = (
        await ctx.db.execute<{ status: string; hold_reason: string | null }>(
          sql`select status, hold_reason from provider_sales where id = ${saleId}`,
        )
      ).rows;
      const kinds = (await providerLedgerOf(ctx, 'dtone', key)).kinds;
      if (row.final === 'held') {
        expect(sale).toEqual({ status: 'pending', hold_reason: 'external_id_mismatch' });
        expect(kinds).toEqual(['provider_reservation']);
        // No step moves it any more; the superadmin's list shows it at once.
        expect(await service.advance(saleId)).toBe('pending');
        const stuck = await ctx.app.services.topup.views.findStuck({ customerId: ids.platform } as never, { page: 1 });
        expect(stuck.top_ups.find((t: { sale_id: number }) => t.sale_id === saleId)).toMatchObject({
          hold_reason: 'external_id_mismatch',
        });
      } else {
        expect(sale).toEqual({ status: row.final, hold_reason: null });
      }
      if (row.final === 'successful') {
        expect(kinds).toEqual(['provider_reservation', 'provider_success']);
        expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe(reserved);
      }
      if (row.final === 'failed') {
        // Never a money entry beyond the reservation and its exact opposite.
        expect(kinds).toEqual(['provider_reservation', 'provider_release']);
        expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('50.00');
      }
      if (backend === 'simulator' && row.final !== 'failed') {
        // One transaction at DT One under the external_id, whatever was sent twice.
        expect((await simClient().findByExternalId(externalId))?.external_id).toBe(externalId);
      }
      if (row.alert) {
        const { rows } = await ctx.db.execute<{ n: number }>(sql`
        select count(*)::int as n from notices where customer_id = ${ids.platform} and kind = 'provider_alert'
          and read_at is null and (params->>'code')::int = ${row.alert}`);
        // One unread notice per code, however many refusals (both backends refuse once each here).
        expect(rows[0]?.n).toBe(1);
        // The superadmin sees it in the bell.
        const bell = await get(ctx.app, '/api/view_notices/', await signInOnce(ctx, 'superadmin'));
        expect(bell.body.data.notices).toContainEqual(
          expect.objectContaining({ kind: 'provider_alert', params: { provider: 'dtone', code: row.alert } }),
        );
      }
      if (row.withdrawn) {
        const again = await service
          .send(await shopActor(ctx, shop), {
            transaction_key: await transactionKey(ctx, shop.headers),
            product_id: PRODUCT,
            mobile_number: NUMBER,
          })
          .catch((e: unknown) => e);
        expect(again).toMatchObject({ code: 'provider_product_unavailable' });
        await ctx.db.execute(sql`delete from provider_withdrawn_products`);
      }
      await checkInvariants(ctx);
    },
    60_000,
  );
});
