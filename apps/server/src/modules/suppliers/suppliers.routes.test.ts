import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let reseller: Record<string, string>;
let admin: Record<string, string>;
let seller: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  [reseller, admin, seller] = await Promise.all([
    signIn(ctx, 'reseller'),
    signIn(ctx, 'superadmin'),
    signIn(ctx, 'seller'),
  ]);
});
afterAll(async () => ctx.close());

const full = {
  full_name: 'Prepaid Wholesale GmbH',
  company: 'PW GmbH',
  email: 'info@pw.example',
  mobile: '+49 170 1234567',
  telephone: '+49 30 123',
  address: 'Hauptstraße 1',
  city: 'Berlin',
  postalcode: '10115',
  country: 'DE',
  ustidnr: 'DE123456789',
  stnr: '27/123/45678',
  remarks: 'ships on Mondays',
  status: 1,
};

describe('suppliers', () => {
  it('adds a supplier with every field of spec section 3 and lists it for its owner only', async () => {
    const add = await post(ctx.app, '/api/add_supplier/', full, reseller);
    expect(add.status).toBe(200);
    expect(add.body.data).toMatchObject({ ...full, supplier_id: expect.any(Number) });
    const list = await post(ctx.app, '/api/view_suppliers/', { search_text: 'wholesale' }, reseller);
    expect(list.body.data.suppliers).toHaveLength(1);
    expect(list.body.data.filters).toMatchObject({ page: 1, limit: 20, total_count: 1 });
    const other = await post(ctx.app, '/api/view_suppliers/', { search_text: 'wholesale' }, admin);
    expect(other.body.data.filters.total_count).toBe(0);
  });

  it('keeps postal codes and tax numbers as text when posted as form data', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/add_supplier/',
      payload: 'full_name=Form+Supplier&postalcode=01067&mobile=0049170&status=1',
      headers: { host: 'localhost', ...reseller, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ postalcode: '01067', mobile: '0049170', status: 1 });
  });

  it('edits fields and toggles the status', async () => {
    const { data } = (await post(ctx.app, '/api/add_supplier/', { full_name: 'Toggle AG' }, reseller)).body;
    const off = await post(ctx.app, '/api/edit_supplier/', { supplier_id: data.supplier_id, status: 0 }, reseller);
    expect(off.body.data).toMatchObject({ full_name: 'Toggle AG', status: 0 });
    const inactive = await post(ctx.app, '/api/view_suppliers/', { filters: { status: 0 } }, reseller);
    expect(inactive.body.data.suppliers.map((s: { supplier_id: number }) => s.supplier_id)).toContain(data.supplier_id);
    const edit = await post(
      ctx.app,
      '/api/edit_supplier/',
      { supplier_id: data.supplier_id, city: 'Köln', status: 1 },
      reseller,
    );
    expect(edit.body.data).toMatchObject({ city: 'Köln', status: 1 });
    const one = await post(ctx.app, '/api/view_suppliers/', { supplier_id: data.supplier_id }, reseller);
    expect(one.body.data.suppliers[0].city).toBe('Köln');
  });

  it('refuses bad input with 422', async () => {
    const noName = await post(ctx.app, '/api/add_supplier/', { email: 'a@b.example' }, reseller);
    expect(noName.status).toBe(422);
    expect(noName.body.errors[0].field).toBe('full_name');
    const badMail = await post(ctx.app, '/api/add_supplier/', { full_name: 'X', email: 'not-an-email' }, reseller);
    expect(badMail.status).toBe(422);
    expect(badMail.body.errors[0].field).toBe('email');
  });

  it("answers 404 for another tenant's supplier", async () => {
    const { data } = (await post(ctx.app, '/api/add_supplier/', { full_name: 'Platform Supplier' }, admin)).body;
    expect(
      (await post(ctx.app, '/api/edit_supplier/', { supplier_id: data.supplier_id, city: 'X' }, reseller)).status,
    ).toBe(404);
    expect((await post(ctx.app, '/api/view_suppliers/', { supplier_id: data.supplier_id }, reseller)).status).toBe(404);
  });

  it('refuses sellers (403)', async () => {
    expect((await post(ctx.app, '/api/view_suppliers/', {}, seller)).status).toBe(403);
    expect((await post(ctx.app, '/api/add_supplier/', { full_name: 'S' }, seller)).status).toBe(403);
    expect((await post(ctx.app, '/api/edit_supplier/', { supplier_id: 1, city: 'X' }, seller)).status).toBe(403);
  });

  it('refuses operators without the supplier flag (403)', async () => {
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_supplier') where username = 'reseller-staff'`,
    );
    const staff = await signIn(ctx, 'reseller-staff');
    expect((await post(ctx.app, '/api/view_suppliers/', {}, staff)).status).toBe(403);
    expect((await post(ctx.app, '/api/add_supplier/', { full_name: 'S' }, staff)).status).toBe(403);
    expect((await post(ctx.app, '/api/edit_supplier/', { supplier_id: 1, city: 'X' }, staff)).status).toBe(403);
  });
});
