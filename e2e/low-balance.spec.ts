import { randomInt } from 'node:crypto';
import { api } from './api.ts';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, openLoginAndSignIn } from './helpers.ts';

test('a balance below its trigger with no auto-credit is told in the bell of the shop and of its reseller', async ({
  page,
  browser,
}) => {
  // The alert job looks once a minute.
  test.setTimeout(180_000);
  const suffix = randomInt(10_000, 99_999);
  const name = `E2E Low ${suffix}`;
  const username = `e2e-low-${suffix}`;
  await openLoginAndSignIn(page, 'reseller');
  // A new shop: balance 0, below its trigger of 50, and no auto-credit to cover it.
  const shop = await api<{ customer_id: number }>(page, '/add_customer/', {
    username,
    password: DEMO_PASSWORD,
    name,
    email: `${username}@example.com`,
    balance_trigger: '50',
    auto_credit: 0,
  });
  type Notices = { notices: { id: number; kind: string; params: { customer_name?: string } }[] };
  const lowOf = async (p: typeof page) =>
    (await api<Notices>(p, '/view_notices/')).notices.find(
      (n) => n.kind === 'low_balance' && n.params.customer_name === name,
    );
  await expect.poll(() => lowOf(page), { timeout: 100_000, intervals: [2_000] }).toBeTruthy();

  // The reseller's notice leads to the shop's details.
  await page.goto('/reports-sales');
  await page.getByTestId('notice-bell').click();
  const notice = page.getByTestId('notice').filter({ hasText: name });
  await expect(notice).toContainText(`Niedriges Guthaben: ${name} hat 0,00`);
  await expect(notice).toContainText('weniger als die Schwelle von 50,00');
  await notice.click();
  await expect(page).toHaveURL(`/customer/details/${shop.customer_id}`);

  // The shop's own notice leads to its ledger, and is then read.
  const context = await browser.newContext();
  const seller = await context.newPage();
  await openLoginAndSignIn(seller, username);
  await seller.getByTestId('notice-bell').click();
  const own = seller.getByTestId('notice').filter({ hasText: name });
  await expect(own).toContainText('Niedriges Guthaben');
  await own.click();
  await expect(seller).toHaveURL('/seller/ledger');
  await expect.poll(async () => (await api<{ unread: number }>(seller, '/view_notices/')).unread).toBe(0);
  await context.close();
});
