import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

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
  { name, pins, batch }: { name: string; pins: readonly string[]; batch: string },
): Promise<StockedProduct> {
  const product = await api<{ product_id: number; configurations: { id: number }[] }>(page, '/add_product/', {
    product_name: name,
    product_type: 'cash_card',
    pin_length: 16,
    customer_care: '+49 30 555 0100',
    instructions: 'Code im Kundenkonto einlösen',
    configurations: [{ value: '10', info: '10 EUR' }],
  });
  const configurationId = product.configurations[0].id;
  const supplier = await api<{ supplier_id: number }>(page, '/add_supplier/', { full_name: `E2E Supplier ${name}` });
  const upload = await api<{ import_id: number }>(page, '/upload_file/', { csv: `${pins.join('\n')}\n` });
  await api(page, '/background_task_step_two/', {
    import_id: upload.import_id,
    configuration_id: configurationId,
    supplier_id: supplier.supplier_id,
    pin_sequence: 1,
    has_header: 0,
    buying_discount: '10',
    import_batch: batch,
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
  return { productId: product.product_id, configurationId, supplierId: supplier.supplier_id, batch };
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
