import { EDIT_ENDPOINTS } from '@portal/contract/edits';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../test/harness.ts';
import { demoIds } from './customers/customers.fixtures.ts';

/**
 * Issue 34: an edit changes exactly the fields its body names. For each edit call, random subsets of its
 * fields (each with one of two values) are sent, and every stored column that no sent field maps to must
 * keep its value: a default inside the body, or a service writing null for an absent field, fails here.
 */

type Ids = Awaited<ReturnType<typeof demoIds>> & {
  supplier: number;
  device: number;
  product: number;
  giftCard: number;
  slab: number;
  category: number;
  hardware: number;
};

interface EditCase {
  path: (typeof EDIT_ENDPOINTS)[number];
  /** PATCH calls name their record in the path. */
  patch?: (ids: Ids) => string;
  /** The demo user who calls it. */
  as: string;
  /** Sent every time (ids; fields the call requires). */
  fixed: (ids: Ids) => Record<string, unknown>;
  /** Optional fields with two valid values each; `a.b` is the part `b` of the object field `a`. */
  values: Record<string, [unknown, unknown]>;
  /** The stored columns a field may change, where they are not named like the field. */
  columns?: Record<string, string[]>;
  /** The stored record as one JSON object; nested objects are compared part by part. */
  record: (ids: Ids) => ReturnType<typeof sql>;
  /** Columns that change on any write (none today). */
  volatile?: string[];
}

const customerRecord = (id: number) =>
  sql`select to_jsonb(c) || coalesce((select jsonb_object_agg('user.' || key, value)
        from users u, jsonb_each(to_jsonb(u)) where u.customer_id = c.id and u.is_main), '{}')
      as record from customers c where c.id = ${id}`;

const legal = {
  legal_name: ['Kiosk Am Markt e.K.', 'Späti Nord UG (haftungsbeschränkt)'],
  tax_number: ['12/345/67890', '98/765/43210'],
  legal_form: ['ek', 'ug'],
  seat: ['Berlin', 'Köln'],
  register_court: ['Amtsgericht Berlin-Charlottenburg', 'Amtsgericht Köln'],
  register_type: ['HRA', 'HRB'],
  register_number: ['1234', '98765 B'],
  managing_directors: ['Erika Mustermann', 'Max Mustermann, Ayşe Yılmaz'],
  gln: ['6291041500213', '4000001000005'],
  economic_id: ['DE123456789-00001', 'DE987654321-00002'],
  iban: ['DE89370400440532013000', 'DE02120300000000202051'],
  bic: ['COBADEFFXXX', 'BYLADEM1001'],
} satisfies EditCase['values'];
const address = {
  'address.address': ['Hauptstraße', 'Kölner Weg'],
  'address.house_no': ['12a', '7'],
  'address.postal': ['10115', '50667'],
  'address.city': ['Berlin', 'Köln'],
} satisfies EditCase['values'];
const shopHours = {
  holidays: [['2026-12-24'], ['2026-12-25', '2026-12-26']],
  lunch: [{ from: '12:00', to: '13:00' }, null],
  'shop_timings.mon': [{ open: '08:00', close: '18:00' }, null],
} satisfies EditCase['values'];
const extra = {
  ...legal,
  ...shopHours,
  shop_type: ['Kiosk', 'Späti'],
  sms_sender_id: ['ShopA', 'Shop B'],
  organisation_type: ['GmbH', 'e.K.'],
  alternative_mobiles: [[], ['+49 170 1111111']],
  mask_seller_discount: [0, 1],
  terminal_limit: [2, 3],
} satisfies EditCase['values'];

const CASES: EditCase[] = [
  {
    path: '/edit_customer/',
    as: 'reseller',
    fixed: (ids) => ({ customer_id: ids.seller }),
    values: {
      ...extra,
      ...address,
      name: ['Demo Shop Berlin', 'Demo Shop Mitte'],
      contact_name: ['Ayşe Demir', 'Jörg Müller'],
      email: ['shop-a@example.com', 'shop-b@example.com'],
      mobile: ['+49 170 1234567', '+49 171 7654321'],
      credit_limit: ['1234.56', '987.65'],
      balance_trigger: ['10.00', '12.34'],
      balance_topup: ['50.00', '61.17'],
      enable_otp: [0, 1],
      otp_type: ['sms', 'email'],
      remarks: ['pays on Fridays', 'call before noon'],
    },
    columns: {
      contact_name: ['user.name'],
      email: ['email', 'user.email'],
      mobile: ['user.mobile'],
      otp_type: ['otp_channel'],
    },
    record: (ids) => customerRecord(ids.seller),
  },
  {
    path: '/update_customer_extra_details/',
    as: 'reseller',
    fixed: (ids) => ({ customer_id: ids.seller }),
    values: extra,
    record: (ids) => customerRecord(ids.seller),
  },
  {
    path: '/update_customer_remarks/',
    as: 'reseller',
    fixed: (ids) => ({ customer_id: ids.seller, remarks: `checked ${Math.random()}` }),
    values: {},
    columns: { remarks: ['remarks'] },
    record: (ids) => customerRecord(ids.seller),
  },
  {
    path: '/update_customer_api_details/',
    as: 'superadmin',
    fixed: (ids) => ({ customer_id: ids.reseller, api_enabled: 1 }),
    values: {
      api_allowed_ips: [['203.0.113.7'], ['198.51.100.0/24', '192.0.2.1']],
      api_callback_url: [null, 'https://hooks.example.com/portal'],
    },
    columns: { api_enabled: ['api_enabled'] },
    record: (ids) => customerRecord(ids.reseller),
  },
  {
    path: '/update_customer_otp_type/',
    as: 'reseller',
    fixed: (ids) => ({ customer_id: ids.seller, enable_otp: 0 }),
    values: { otp_type: ['email', 'sms'] },
    columns: { enable_otp: ['enable_otp'], otp_type: ['otp_channel'] },
    record: (ids) => customerRecord(ids.seller),
  },
  {
    path: '/update_auto_credit/',
    as: 'reseller',
    fixed: (ids) => ({ customer_id: ids.seller, auto_credit: 0 }),
    values: {
      balance_trigger: ['10.00', '12.34'],
      balance_topup: ['50.00', '61.17'],
      low_balance_notice: ['sms', 'none'],
    },
    columns: { auto_credit: ['auto_credit'] },
    record: (ids) => customerRecord(ids.seller),
  },
  {
    path: '/update_platform_details/',
    as: 'superadmin',
    fixed: () => ({ name: 'Demo Prepaid' }),
    values: { ...legal, ...address, email: ['billing@example.com', 'office@example.com'] },
    columns: { name: ['name'] },
    record: (ids) => customerRecord(ids.platform),
  },
  {
    path: '/update_shop_open_timings/',
    as: 'seller',
    fixed: () => ({}),
    values: shopHours,
    record: (ids) => customerRecord(ids.seller),
  },
  {
    path: '/update_internal_permission/',
    as: 'reseller',
    fixed: (ids) => ({ user_id: ids.user('reseller-staff') }),
    values: {
      name: ['Reseller Staff', 'Zeynep Kaya'],
      email: ['staff-a@example.com', null],
      mobile: ['+49 160 5550101', null],
      job_role: ['Buchhaltung', 'Vertrieb'],
      require_device_approval: [0, 1],
      enable_web_view: [0, 1],
    },
    record: (ids) => sql`select to_jsonb(u) as record from users u where u.id = ${ids.user('reseller-staff')}`,
  },
  {
    path: '/update_settings/',
    as: 'seller',
    fixed: () => ({}),
    values: {
      layout: ['horizontal', 'vertical'],
      theme: ['light', 'dark'],
      language: ['de', 'tr'],
      template: [0, 3],
      show_print_popup: [0, 1],
      merge_receipts: [0, 1],
      download_csv: [0, 1],
      starred_pages: [['/seller/sales'], []],
    },
    columns: Object.fromEntries(
      [
        'layout',
        'theme',
        'language',
        'template',
        'show_print_popup',
        'merge_receipts',
        'download_csv',
        'starred_pages',
      ].map((f) => [f, [`settings.${f}`]]),
    ),
    record: (ids) => sql`select to_jsonb(u) as record from users u where u.id = ${ids.user('seller')}`,
  },
  {
    path: '/edit_supplier/',
    as: 'superadmin',
    fixed: (ids) => ({ supplier_id: ids.supplier }),
    values: {
      full_name: ['Prepaid Großhandel', 'Karten Direkt'],
      company: ['Prepaid Großhandel GmbH', 'Karten Direkt KG'],
      email: ['einkauf@example.com', ''],
      telephone: ['030 1234567', '0221 987654'],
      city: ['Berlin', 'Köln'],
      ustidnr: ['DE123456789', 'DE987654321'],
      remarks: ['Lieferung dienstags', ''],
      status: [1, 0],
    },
    record: (ids) => sql`select to_jsonb(s) as record from suppliers s where s.id = ${ids.supplier}`,
  },
  {
    path: '/update_product_details/',
    as: 'superadmin',
    fixed: (ids) => ({ product_id: ids.product }),
    values: {
      product_name: ['Lebara Prepaid', 'Lebara Prepaid Plus'],
      customer_care: ['0800 123456', '0800 654321'],
      instructions: ['*100*PIN#', 'Wählen Sie *101*PIN#'],
      vat_treatment: ['mpv', 'spv_19'],
    },
    columns: { vat_treatment: ['vat_treatment', 'vat_rate'] },
    record: (ids) => sql`select to_jsonb(p) as record from products p where p.id = ${ids.product}`,
  },
  {
    path: '/update_gift_cards/',
    as: 'superadmin',
    fixed: (ids) => ({ product_id: ids.giftCard }),
    values: {
      product_name: ['Amazon Gutschein', 'Amazon Geschenkkarte'],
      customer_care: ['0800 363 8469', '0800 000 0000'],
      instructions: ['Einlösen unter amazon.de/einloesen', ''],
      is_active: [1, 0],
    },
    record: (ids) => sql`select to_jsonb(p) as record from products p where p.id = ${ids.giftCard}`,
  },
  {
    path: '/update_configuration_slab/',
    as: 'reseller',
    fixed: (ids) => ({ discount_slab_id: ids.slab }),
    values: { name: ['Standard', 'Standard 2027'] },
    record: (ids) => sql`select to_jsonb(s) || jsonb_build_object('items', (select coalesce(jsonb_agg(to_jsonb(i)
        order by i.configuration_id), '[]') from discount_slab_items i where i.slab_id = s.id)) as record
      from discount_slabs s where s.id = ${ids.slab}`,
  },
  {
    path: '/hardware_category/update/:id/',
    patch: (ids) => `/hardware_category/update/${ids.category}/`,
    as: 'reseller',
    fixed: () => ({}),
    values: { category_name: ['Kassenhardware', 'Kartenleser'], description: ['Drucker und Scanner', ''] },
    columns: { category_name: ['name'] },
    record: (ids) => sql`select to_jsonb(c) as record from hardware_categories c where c.id = ${ids.category}`,
  },
  {
    path: '/hardware_product/update/:id/',
    patch: (ids) => `/hardware_product/update/${ids.hardware}/`,
    as: 'reseller',
    fixed: () => ({}),
    values: {
      product_name: ['Bondrucker 80 mm', 'Bondrucker 58 mm'],
      description: ['mit Netzteil', ''],
      price: ['149.90', '137.45'],
      stock: [12, 7],
    },
    columns: { product_name: ['name'] },
    record: (ids) => sql`select to_jsonb(p) as record from hardware_products p where p.id = ${ids.hardware}`,
  },
  {
    path: '/add_update_delete_devices/',
    as: 'superadmin',
    fixed: (ids) => ({ action: 'update', id: ids.device }),
    values: { tag: ['Kasse 1', 'Kasse 2'], serial_no: ['SN-4711-A', 'SN-4711-B'], status: ['active', 'inactive'] },
    record: (ids) => sql`select to_jsonb(d) as record from devices d where d.id = ${ids.device}`,
  },
];

/** Nested objects as `a.b` keys, so a patch of one part can be told from a rewrite of the whole. */
function flatten(o: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0)
      Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v;
  }
  return out;
}

function bodyOf(fixed: Record<string, unknown>, sent: [string, unknown][]) {
  const body: Record<string, unknown> = { ...fixed };
  for (const [field, value] of sent) {
    const [head, part] = field.split('.');
    // A split answers at least one part.
    if (part) body[head!] = { ...(body[head!] as object), [part]: value };
    else body[field] = value;
  }
  return body;
}

let ctx: TestContext;
let ids: Ids;

beforeAll(async () => {
  ctx = await createTestApp();
  const demo = await demoIds(ctx.db);
  const admin = await signIn(ctx, 'superadmin');
  const supplier = await post(ctx.app, '/api/add_supplier/', { full_name: 'Prepaid Großhandel' }, admin);
  const device = await post(
    ctx.app,
    '/api/add_update_delete_devices/',
    { action: 'add', tag: 'Kasse', serial_no: 'SN-1' },
    admin,
  );
  // Each statement is an insert … returning of one row.
  const one = async (statement: ReturnType<typeof sql>) =>
    (await ctx.db.execute<{ id: number }>(statement)).rows[0]!.id;
  const product = await one(sql`insert into products (owner_customer_id, product_type, product_name, pin_length)
      values (${demo.platform}, 'cash_card', 'Lebara Prepaid', 12) returning id`);
  const giftCard = await one(sql`insert into products (owner_customer_id, product_type, product_name, pin_length)
      values (${demo.platform}, 'gift_card', 'Amazon Gutschein', 16) returning id`);
  const slab = await one(
    sql`select id from discount_slabs where owner_customer_id = ${demo.reseller} order by id limit 1`,
  );
  const category = await one(sql`insert into hardware_categories (owner_customer_id, name, created_at)
      values (${demo.reseller}, 'Kassenhardware', now()) returning id`);
  const hardware = await one(sql`insert into hardware_products (category_id, name, price, stock, created_at)
      values (${category}, 'Bondrucker 80 mm', 149.90, 12, now()) returning id`);
  expect([supplier.status, device.status]).toEqual([200, 200]);
  ids = {
    ...demo,
    supplier: supplier.body.data.supplier_id,
    device: device.body.data.id,
    product,
    giftCard,
    slab,
    category,
    hardware,
  };
});
afterAll(async () => ctx.close());

/** Sends one edit as the case calls it: POST to its path, or PATCH to its record's path. */
async function send(c: EditCase, body: Record<string, unknown>, headers: Record<string, string>) {
  if (!c.patch) return post(ctx.app, `/api${c.path}`, body, headers);
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api${c.patch(ids)}`,
    payload: body,
    headers: { host: 'localhost', ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('every edit call changes exactly the fields its body names', () => {
  it.each(CASES.map((c) => [c.path, c] as const))(
    '%s',
    async (_path, c) => {
      const headers = await signIn(ctx, c.as);
      const read = async () =>
        flatten((await ctx.db.execute<{ record: Record<string, unknown> }>(c.record(ids))).rows[0]!.record);
      // The keys of c.values: each indexes a pair.
      const fields = Object.keys(c.values);
      // First every field once with its first value, so no column holds what a default would write.
      const first = await send(
        c,
        bodyOf(
          c.fixed(ids),
          fields.map((f) => [f, c.values[f]![0]]),
        ),
        headers,
      );
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      await fc.assert(
        fc.asyncProperty(
          fc.subarray(fields),
          fc.array(fc.boolean(), { minLength: fields.length, maxLength: fields.length }),
          async (subset, pick) => {
            const sent = subset.map((f) => [f, c.values[f]![pick[fields.indexOf(f)] ? 1 : 0]] as [string, unknown]);
            const body = bodyOf(c.fixed(ids), sent);
            const before = await read();
            const res = await send(c, body, headers);
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            const after = await read();
            const named = [...Object.keys(c.fixed(ids)), ...subset];
            const may = named.flatMap((f) => c.columns?.[f] ?? [f]);
            const mayChange = (key: string) => may.some((m) => key === m || key.startsWith(`${m}.`));
            const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
              (k) => !mayChange(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
            );
            expect(changed, `sent ${JSON.stringify(body)}`).toEqual([]);
          },
        ),
        { numRuns: 12, seed: 34 },
      );
      // 13 calls and 26 reads: well under a second alone, minutes on a loaded two-core machine.
    },
    180_000,
  );

  it('covers the edit endpoints the issue names', () => {
    for (const c of CASES) expect(EDIT_ENDPOINTS).toContain(c.path);
  });
});
