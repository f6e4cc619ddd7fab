import { randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import pg from 'pg';

/**
 * A call of the portal API from inside the page, with the signed-in user's session headers: the setup of
 * records whose screens other tests cover. A body with `csv` is sent as the PIN import's file upload.
 */
export async function api<T = unknown>(page: Page, path: string, body?: object): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${localStorage.getItem('portal.access_token')}`,
        'X-Session-Id': localStorage.getItem('portal.session_id') ?? '',
        'X-Customer-Id': localStorage.getItem('portal.customer_id') ?? '',
      };
      let init: RequestInit = { method: body === undefined ? 'GET' : 'POST', headers };
      if (body instanceof Object && 'csv' in body) {
        const form = new FormData();
        form.set('delimiter', ',');
        form.set('csv_file', new Blob([String(body.csv)], { type: 'text/csv' }), 'pins.csv');
        init = { ...init, body: form };
      } else if (body !== undefined) {
        init = { ...init, headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
      }
      const res = await fetch(`/api${path}`, init);
      const json = await res.json();
      if (json.message_type !== 1) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    },
    { path, body },
  ) as Promise<T>;
}

/** The id of a customer the signed-in operator sees, by its name. */
export async function customerIdOf(page: Page, name: string): Promise<number> {
  const { customers } = await api<{ customers: { customer_id: number; name: string }[] }>(
    page,
    '/view_customers_list_with_less_data/',
    {},
  );
  const found = customers.find((c) => c.name === name);
  if (!found) throw new Error(`no customer named ${name}`);
  return found.customer_id;
}

/** PINs of 16 digits, unique within the run (the index) and across runs (the random part). */
export function randomPins(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${randomInt(10_000_000, 99_999_999)}${String(i).padStart(8, '0')}`);
}

export interface StockedProduct {
  productId: number;
  configurationId: number;
  supplierId: number;
  batch: string;
}

/** A cash card of 10 € with the given PINs imported and published under `batch`, from a new supplier. */
export async function stockProduct(
  page: Page,
  {
    name,
    pins,
    batch,
    buyingDiscount = '10',
  }: { name: string; pins: readonly string[]; batch: string; buyingDiscount?: string },
): Promise<StockedProduct & { importId: number }> {
  const product = await api<{ product_id: number; configurations: { id: number }[] }>(page, '/add_product/', {
    product_name: name,
    product_type: 'cash_card',
    pin_length: 16,
    customer_care: '+49 30 555 0100',
    instructions: 'Code im Kundenkonto einlösen',
    configurations: [{ value: '10', info: '10 EUR' }],
  });
  const configurationId = product.configurations[0]!.id;
  const supplier = await api<{ supplier_id: number }>(page, '/add_supplier/', { full_name: `E2E Supplier ${name}` });
  const importId = await importPins(page, {
    configurationId,
    supplierId: supplier.supplier_id,
    pins,
    batch,
    buyingDiscount,
  });
  return { productId: product.product_id, configurationId, supplierId: supplier.supplier_id, batch, importId };
}

/** PINs of a denomination imported from a supplier at a buying discount, approved and published; its import's id. */
export async function importPins(
  page: Page,
  o: { configurationId: number; supplierId: number; pins: readonly string[]; batch: string; buyingDiscount: string },
): Promise<number> {
  const upload = await api<{ import_id: number }>(page, '/upload_file/', { csv: `${o.pins.join('\n')}\n` });
  await api(page, '/background_task_step_two/', {
    import_id: upload.import_id,
    configuration_id: o.configurationId,
    supplier_id: o.supplierId,
    pin_sequence: 1,
    has_header: 0,
    buying_discount: o.buyingDiscount,
    import_batch: o.batch,
  });
  await expect
    .poll(
      async () =>
        (await api<{ import: { status: string } }>(page, '/failed_pins_list/', { import_id: upload.import_id })).import
          .status,
      { timeout: 20_000 },
    )
    .toBe('validated');
  await api(page, '/upload_step_three/', { import_id: upload.import_id, cancel: 0, publish: 1 });
  return upload.import_id;
}

/**
 * The denomination assigned to the shop at 3 % discount under a new slab, and 2 500 € received from the shop:
 * a payment rather than a credit top-up, because earlier tests may have used up the shop's credit limit on the
 * same server. The payment settles any outstanding credit (at most the 1 000 € limit) and the rest is balance.
 */
export async function supplyShop(
  page: Page,
  { shopId, configurationId, planName }: { shopId: number; configurationId: number; planName: string },
): Promise<void> {
  const plan = await api<{ discount_slab_id: number }>(page, '/add_discount_plan/', {
    name: planName,
    items: [{ configuration_id: configurationId, discount: '3' }],
  });
  await api(page, '/add_update_delete_disable_pad/', {
    customer_id: shopId,
    action: 'assign',
    configuration_ids: [configurationId],
    discount_plan_id: plan.discount_slab_id,
  });
  await api(page, '/add_customer_credit/', {
    customer_id: shopId,
    amount: '2500',
    type: 'payment',
    method: 'transfer',
  });
}

/**
 * The browser tests' own connection to the server's database; what it changes in an audited table is recorded as
 * the tool `e2e` (decision 0141: a change naming no actor is refused).
 */
export const pgUrl = () =>
  `postgres://postgres:postgres@/portal?host=${encodeURIComponent(resolve('.e2e/data/pg'))}&port=${process.env.E2E_PG_PORT ?? '54339'}&options=${encodeURIComponent('-c portal.actor={"name":"e2e"}')}`;

/** `YYYY-MM` of the Berlin month `monthsAgo` months before this one, and an instant in its middle. */
export function pastMonth(monthsAgo: number): { month: string; middle: Date } {
  const now = new Date();
  const middle = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 15, 11, 0, 0));
  return { month: middle.toISOString().slice(0, 7), middle };
}

/**
 * A shop's purchase of three 10 € PINs in a past month. Invoices exist for finished months only and the
 * server runs on the real clock, so the sale row and its ledger entry are written straight into the database
 * the way the purchase writes them: the ledger's own posting function (`ledger_post_sale`) for the money.
 * With `platformStock` the reseller pays R = 9.40 to the platform; the shop always pays S = 9.70.
 */
export async function pastSale(s: {
  monthsAgo: number;
  shopId: number;
  resellerId: number;
  productId: number;
  configurationId: number;
  platformStock: boolean;
}): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl() });
  await client.connect();
  try {
    const at = pastMonth(s.monthsAgo).middle.toISOString();
    const { rows } = await client.query<{ id: string; user_id: number; platform_id: number }>(
      `insert into sales (customer_id, user_id, reseller_id, owner_customer_id, product_id, configuration_id, kind,
         quantity, face_value, seller_price, reseller_price, total_cost, created_at)
       select $1, u.id, $2, case when $6 then p.id else $2 end, $3, $4, 'single', 3, 10, 9.70,
              case when $6 then 9.40 end, 27, $5
       from users u, customers p where u.username = 'seller' and p.account_role = 0
       returning id, user_id, (select id from customers where account_role = 0) as platform_id`,
      [s.shopId, s.resellerId, s.productId, s.configurationId, at, s.platformStock],
    );
    const sale = rows[0]!; // the insert returns its row
    const owner = s.platformStock ? sale.platform_id : s.resellerId;
    await client.query('select * from ledger_post_sale($1, $2, $3, $4, 29.10, $5, 27, $6, $7, $8, $9)', [
      s.shopId,
      s.resellerId,
      sale.platform_id,
      owner,
      s.platformStock ? '28.20' : null,
      sale.user_id,
      `sale:${sale.id}`,
      '',
      at,
    ]);
  } finally {
    await client.end();
  }
}

/** Generates the invoice of a customer below the signed-in operator for a past month and answers its id. */
export async function generateInvoice(page: Page, customerId: number, month: string): Promise<number> {
  const run = await api<{ run_id: number }>(page, '/generate_invoices_with_customer_ids/', {
    customer_ids: [customerId],
    month,
  });
  await expect
    .poll(async () => (await api<{ status: string }>(page, `/invoice_runs/${run.run_id}/`)).status, {
      timeout: 20_000,
    })
    .toBe('done');
  const list = await api<{ invoices: { id: number }[] }>(page, '/view_invoices/', {
    page: 1,
    view: 'issued',
    customer_id: customerId,
    month,
  });
  return list.invoices[0]!.id;
}

/**
 * Moves a reclamation's credit notes back into a past month, so that month's reclamation invoice can be
 * generated (only finished months are invoiced and the server runs on the real clock). The books refuse
 * updates by trigger; the test database's superuser lifts it for this one statement, as `pastSale` writes
 * a past purchase straight into the tables.
 */
export async function backdateCreditNotes(reclamationId: number, monthsAgo: number): Promise<string> {
  const { month, middle } = pastMonth(monthsAgo);
  const client = new pg.Client({ connectionString: pgUrl() });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('alter table invoices disable trigger invoices_append_only');
    await client.query('update invoices set issued_at = $1 where reclamation_id = $2', [
      middle.toISOString(),
      reclamationId,
    ]);
    await client.query('alter table invoices enable trigger invoices_append_only');
    await client.query('commit');
  } finally {
    await client.end();
  }
  return month;
}

/**
 * Money for provider goods (top-ups, recharges), which the shop pays S for and its reseller R: payments recorded by
 * the platform for the demo reseller and by the reseller for its demo shop, which no earlier test's use of the
 * credit limits can refuse.
 */
export async function fundDemoShop(browser: Browser, amount: string): Promise<void> {
  for (const [payer, recipient] of [
    ['superadmin', 'Demo Reseller GmbH'],
    ['reseller', 'Demo Shop Berlin'],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Benutzername').fill(payer);
    await page.locator('input[name="password"]').fill('Demo#2026');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page).not.toHaveURL(/\/(login|loading)(\?|$)/);
    const list = await api<{ customers: { customer_id: number; name: string }[] }>(
      page,
      '/view_customers_list_with_less_data/',
      {},
    );
    const customer = list.customers.find((c) => c.name === recipient);
    expect(customer, recipient).toBeDefined();
    await api(page, '/add_customer_credit/', {
      customer_id: customer?.customer_id,
      amount,
      type: 'payment',
      method: 'transfer',
    });
    await context.close();
  }
}

/** A shop's purchase of `quantity` PINs of a denomination it may sell, through the counter's own call. */
export async function sell(
  page: Page,
  configuration: number,
  quantity: number,
): Promise<{ sale_id: number; pins: { pin_id: number }[] }> {
  const { transaction_key } = await api<{ transaction_key: string }>(page, '/get_transaction_session_key/');
  return api(page, '/add_transaction_v3/', { transaction_key, configuration, quantity });
}
