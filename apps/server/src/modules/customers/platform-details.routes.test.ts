import type { PlatformDetails } from '@portal/contract/platform-details';
import { ROLE } from '@portal/contract/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import { insertUser } from '../reports/reports.fixtures.ts';
import { type Headers, ok } from '../selling/selling.fixtures.ts';
import { demoIds } from './customers.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
const USERS = ['superadmin', 'platform-staff', 'reseller', 'seller'] as const;
const h = {} as Record<(typeof USERS)[number], Headers>; // every user is signed in before the tests

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  await insertUser(ctx.db, {
    customerId: ids.platform,
    username: 'platform-staff',
    role: ROLE.superadmin,
    internalRole: 1,
  });
  for (const u of USERS) h[u] = await signIn(ctx, u);
});
afterAll(async () => ctx?.close());

const read = (headers: Headers) => get(ctx.app, '/api/platform_details/', headers);
const save = (body: object, headers = h.superadmin) => post(ctx.app, '/api/update_platform_details/', body, headers);

describe('the platform’s own invoice data (/platform-details)', () => {
  it('is read and changed by the platform’s main account only', async () => {
    expect((await read(h.superadmin)).status).toBe(200);
    for (const u of ['platform-staff', 'reseller', 'seller'] as const) {
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

  it('refuses an IBAN or GLN whose check digit is wrong, naming the field and the rule', async () => {
    const before = await ok<PlatformDetails>(read(h.superadmin));
    const res = await save({
      name: 'Prepaid Platform GmbH',
      // One digit changed in each: the format is right, the check digits are not.
      iban: 'DE89370400440532013001',
      gln: '6291041500214',
      register_type: 'HRC',
    });
    expect(res.status).toBe(422);
    const errors = (res.body.errors as { field: string; rule: string }[]).map((e) => `${e.field}:${e.rule}`).sort();
    expect(errors).toEqual(['gln:gln_checksum', 'iban:iban_checksum', 'register_type:invalid_value']);
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
        legal_form: 'gmbh',
        seat: 'Berlin',
        register_court: 'Amtsgericht Charlottenburg',
        register_type: 'HRB',
        register_number: '1 B',
        managing_directors: 'Erika Mustermann',
        gln: '6291041500213',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      }),
    );
    expect(saved).toMatchObject({
      vat_id: 'DE111222333',
      iban: 'DE89370400440532013000',
      legal_form: 'gmbh',
      register_type: 'HRB',
      register_number: '1 B',
      gln: '6291041500213',
    });
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

describe('the register entry split from its old free text (migration 0058)', () => {
  it('finds court, type and number where it can, and leaves the rest whole in the number', async () => {
    const split = async (raw: string | null) => {
      const { rows } = await ctx.db.execute<{ court: string | null; type: string | null; number: string | null }>(
        sql`select * from split_register_entry(${raw})`,
      );
      return rows[0];
    };
    expect(await split('Amtsgericht Charlottenburg HRB 123456 B')).toEqual({
      court: 'Amtsgericht Charlottenburg',
      type: 'HRB',
      number: '123456 B',
    });
    expect(await split('HRB 1 B, Amtsgericht Charlottenburg')).toEqual({
      court: 'Amtsgericht Charlottenburg',
      type: 'HRB',
      number: '1 B',
    });
    expect(await split('Amtsgericht Berlin-Charlottenburg HRA1234')).toEqual({
      court: 'Amtsgericht Berlin-Charlottenburg',
      type: 'HRA',
      number: '1234',
    });
    expect(await split('Genossenschaftsregister GnR 17')).toEqual({
      court: 'Genossenschaftsregister',
      type: 'GnR',
      number: '17',
    });
    expect(await split('VR 4711')).toEqual({ court: null, type: 'VR', number: '4711' });
    // No register type: kept for the user to complete (issuing refuses until then).
    expect(await split('Handelsregister Köln 98765')).toEqual({
      court: null,
      type: null,
      number: 'Handelsregister Köln 98765',
    });
    expect(await split('   ')).toEqual({ court: null, type: null, number: null });
  });
});
