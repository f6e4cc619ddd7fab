import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { api, customerIdOf, pgUrl, randomPins, stockProduct, supplyShop } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The shop's callback: a receiver on this machine that answers 200 and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: pgUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Sets the callback URL past the form's https rule: the server of the browser tests lets webhooks reach this machine
 * (WEBHOOK_ALLOW_PRIVATE_TARGETS, refused in production), and a plain http receiver needs no certificate.
 */
const setCallbackUrl = (shopId: number, url: string | null) =>
  query('update customers set api_callback_url = $1 where id = $2', [url, shopId]);

/** The event job's first run starts its cursor at the newest sale (it never sends the past): a fresh server waits. */
const eventJobStarted = async () =>
  (await query<{ n: number }>('select count(*)::int as n from partner_event_cursor'))[0]!.n === 1;

test('a sale over the partner API reaches the callback signed, shows as delivered in the log, and is sent again', async ({
  page,
  browser,
}) => {
  // The event job runs once a minute.
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  const context = await browser.newContext();
  const reseller = await context.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  const shopId = await customerIdOf(reseller, 'Demo Shop Berlin');
  const pins = randomPins(3);
  const stock = await stockProduct(reseller, { name: `E2E Hook ${randomUUID().slice(0, 6)}`, pins, batch: 'E2E-HOOK' });
  await supplyShop(reseller, { shopId, configurationId: stock.configurationId, planName: 'E2E Hook plan' });
  await api(reseller, '/update_customer_api_details/', {
    customer_id: shopId,
    api_enabled: 1,
    api_allowed_ips: ['127.0.0.0/8', '::1'],
  });
  await setCallbackUrl(shopId, receiver.url);

  try {
    await openLoginAndSignIn(page, 'seller');
    await page.goto('/seller/api');
    await expect(page.getByText(`Callback-URL: ${receiver.url}`)).toBeVisible();
    // A new secret (or a new one instead of the keys test's): shown once, the one the deliveries are signed with.
    await page.getByRole('button', { name: /Geheimnis (erstellen|erneuern)/ }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Neues Signatur-Geheimnis' });
    const secret = (await secretDialog.getByTestId('new-webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Ich habe ihn gespeichert' }).click();

    const { users } = await api<{ users: { user_id: number; username: string }[] }>(page, '/seller/api_keys/');
    const seller = users.find((u) => u.username === 'seller');
    const { api_key } = await api<{ api_key: string }>(page, '/seller/api_key/add/', {
      name: 'Webshop hooks',
      user_id: seller?.user_id,
    });
    await expect.poll(eventJobStarted, { timeout: 90_000, intervals: [2_000] }).toBe(true);
    const bought = await page.request.post('/api/partner/v1/purchases', {
      headers: { authorization: `Bearer ${api_key}`, 'idempotency-key': randomUUID() },
      data: { configuration_id: stock.configurationId, quantity: 1 },
    });
    expect(bought.status()).toBe(200);
    const sale = (await bought.json()).data as { sale_id: number; pins: { pin: string }[] };

    // The event job finds the sale within its minute; the delivery is signed by the documented recipe.
    const mine = () => receiver.received.filter((r) => JSON.parse(r.body).id === `sale:${sale.sale_id}`);
    await expect.poll(() => mine().length, { timeout: 150_000, intervals: [2_000] }).toBe(1);
    const first = mine()[0]!; // the poll above waited for it
    expect(first.headers['x-portal-event']).toBe('sale.completed');
    const [t = '', v1] = String(first.headers['x-portal-signature']).split(',');
    const signed = createHmac('sha256', secret)
      .update(`${t.slice(2)}.${first.body}`)
      .digest('hex');
    expect(v1).toBe(`v1=${signed}`);
    expect(JSON.parse(first.body).data).toMatchObject({ sale_id: sale.sale_id, quantity: 1, sold_by: 'seller' });
    expect(first.body).not.toContain(sale.pins[0]!.pin);

    // The log on /seller/api names the event in the user's language, delivered at the first attempt with 200.
    await page.reload();
    const row = page.getByTestId('delivery-row').filter({ hasText: `sale:${sale.sale_id}` });
    await expect(row).toContainText('Verkauf abgeschlossen');
    await expect(row).toContainText('Zugestellt');
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    await expect(row.getByRole('cell').nth(3)).toHaveText('200');

    // Send again: the same event once more, signed anew, and delivered again.
    await row.getByRole('button', { name: 'Erneut senden' }).click();
    await expect(page.getByText('Zustellung erneut eingeplant.')).toBeVisible();
    await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(2);
    expect(mine()[1]!.body).toBe(first.body);
    await page.reload();
    await expect(row).toContainText('Zugestellt');
    await expect(row.getByRole('button', { name: 'Erneut senden' })).toBeVisible();

    // The reseller sees the same log on the shop's details.
    await reseller.goto(`/customer/details/${shopId}`);
    await expect(reseller.getByTestId('delivery-row').filter({ hasText: `sale:${sale.sale_id}` })).toContainText(
      'Verkauf abgeschlossen',
    );
  } finally {
    // Later tests' sales of the demo shop send nothing.
    await setCallbackUrl(shopId, null);
    receiver.server.close();
    await context.close();
  }
});
