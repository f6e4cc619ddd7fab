import type { PlatformDetails } from '@portal/contract/platform-details';
import { ROLE } from '@portal/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import { insertUser } from '../reports/reports.fixtures.ts';
import { type Headers, ok } from '../selling/selling.fixtures.ts';
import { demoIds } from './customers.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
const h: Record<string, Headers> = {};

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  await insertUser(ctx.db, {
    customerId: ids.platform,
    username: 'platform-staff',
    role: ROLE.superadmin,
    internalRole: 1,
  });
  for (const u of ['superadmin', 'platform-staff', 'reseller', 'seller']) h[u] = await signIn(ctx, u);
});
afterAll(async () => ctx?.close());

const read = (headers: Headers) => get(ctx.app, '/api/platform_details/', headers);
const save = (body: object, headers = h.superadmin) => post(ctx.app, '/api/update_platform_details/', body, headers);

describe('the platform’s own invoice data (/platform-details)', () => {
  it('is read and changed by the platform’s main account only', async () => {
    expect((await read(h.superadmin)).status).toBe(200);
    for (const u of ['platform-staff', 'reseller', 'seller']) {
      expect((await read(h[u])).status, u).toBe(403);
      expect((await save({ name: 'Taken over' }, h[u])).status, u).toBe(403);
    }
  });

  it('names the field and the rule of a wrong VAT id or IBAN, and changes nothing', async () => {
    const before = await ok<PlatformDetails>(read(h.superadmin));
    const res = await save({ name: 'Prepaid Platform GmbH', vat_id: 'DE 12', iban: 'not an iban' });
    expect(res.status).toBe(422);
    const fields = (res.body.errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['iban', 'vat_id']);
    expect(await ok<PlatformDetails>(read(h.superadmin))).toEqual(before);
  });

  it('is the issuer data of the invoices to resellers: without a tax id they are refused, with one issued', async () => {
    const cleared = await ok<PlatformDetails>(save({ name: 'Prepaid Platform GmbH', vat_id: null, tax_number: null }));
    expect(cleared).toMatchObject({ vat_id: null, tax_number: null });
    const generate = () =>
      post(
        ctx.app,
        '/api/generate_invoices_with_customer_ids/',
        { customer_ids: [ids.reseller], month: '2026-10' },
        h.superadmin,
      );
    const refused = await generate();
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('issuer_tax_id_missing');

    const saved = await ok<PlatformDetails>(
      save({
        name: 'Prepaid Platform GmbH',
        email: 'billing@platform.example',
        address: { address: 'Hauptstraße', house_no: '1', postal: '10115', city: 'Berlin' },
        legal_name: 'Prepaid Platform GmbH',
        vat_id: 'DE111222333',
        commercial_register: 'HRB 1 B, Amtsgericht Charlottenburg',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      }),
    );
    expect(saved).toMatchObject({ vat_id: 'DE111222333', iban: 'DE89370400440532013000' });
    expect(saved.address.city).toBe('Berlin');
    expect(await ok<PlatformDetails>(read(h.superadmin))).toEqual(saved);
    expect((await generate()).status).toBe(202);
  });

  it('clears an image and keeps fields the body leaves out', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    await ok(save({ name: 'Prepaid Platform GmbH', invoice_logo: png }));
    const kept = await ok<PlatformDetails>(save({ name: 'Prepaid Platform GmbH' }));
    expect(kept).toMatchObject({ invoice_logo: png, vat_id: 'DE111222333' });
    const clearedLogo = await ok<PlatformDetails>(save({ name: 'Prepaid Platform GmbH', invoice_logo: null }));
    expect(clearedLogo.invoice_logo).toBeNull();
  });
});
