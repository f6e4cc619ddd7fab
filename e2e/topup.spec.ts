import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { api } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/** A top-up of this test as a ledger line opens it: arrived, to the number sent, at the shop's price. */
async function expectTopupFacts(view: Locator) {
  await expect(view.getByText('Erfolgreich')).toBeVisible();
  await expect(view.getByRole('row', { name: /Mobilnummer/ })).toContainText('+905321234100');
  await expect(view.getByRole('row', { name: /Betreiber/ }).first()).toContainText('Turkcell Turkey');
  await expect(view.getByRole('row', { name: /Belastet/ })).toContainText('4,90');
  await expect(view.getByRole('row', { name: /Anbieterreferenz/ })).toContainText(/dtone:pp[0-9a-f]{32}/);
  await expect(view.getByRole('row', { name: /Verkauft von/ })).toContainText('seller');
}

test.describe('international top-up', () => {
  test('a shop sends a Turkcell top-up, confirms it and watches it arrive', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // Money first: the platform credits the reseller (it pays R), the reseller its shop (S).
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await openLoginAndSignIn(adminPage, 'superadmin');
    const resellers = await api<{ customers: { customer_id: number; name: string }[] }>(
      adminPage,
      '/view_customers_list_with_less_data/',
      {},
    );
    const reseller = resellers.customers.find((c) => c.name === 'Demo Reseller GmbH')!;
    await api(adminPage, '/add_customer_credit/', { customer_id: reseller.customer_id, amount: '50' });
    await admin.close();
    const resellerContext = await browser.newContext();
    const resellerPage = await resellerContext.newPage();
    await openLoginAndSignIn(resellerPage, 'reseller');
    const shops = await api<{ customers: { customer_id: number; name: string }[] }>(
      resellerPage,
      '/view_customers_list_with_less_data/',
      {},
    );
    const shop = shops.customers.find((c) => c.name === 'Demo Shop Berlin')!;
    await api(resellerPage, '/add_customer_credit/', { customer_id: shop.customer_id, amount: '50' });
    await resellerContext.close();

    await openLoginAndSignIn(page, 'seller');
    await page.goto('/international-topup/');
    await expect(page.getByRole('heading', { name: 'Internationale Aufladung' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Land' })).toHaveValue(/Türkei \(\+90\)/);

    // The region narrows the country list; Turkey lies in Asia, so it stays chosen.
    await page.getByRole('combobox', { name: 'Region' }).click();
    await page.getByRole('option', { name: 'Asien' }).click();
    await expect(page.getByRole('combobox', { name: 'Land' })).toHaveValue(/Türkei \(\+90\)/);
    await page.getByRole('combobox', { name: 'Land' }).click();
    await expect(page.getByRole('option', { name: /Singapur/ })).toHaveCount(1);
    await expect(page.getByRole('option', { name: /Marokko/ })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByRole('textbox', { name: 'Mobilnummer' }).fill('123');
    await page.getByRole('button', { name: 'Betreiber suchen' }).click();
    await expect(page.getByText('Keine gültige Mobilnummer in Türkei.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Mobilnummer' }).fill('532 123 41 00');
    await page.getByRole('button', { name: 'Betreiber suchen' }).click();
    await expect(page.getByRole('combobox', { name: 'Betreiber' })).toHaveValue('Turkcell Turkey');
    await page.getByRole('radio', { name: /Turkcell Turkey 5\.00 EUR/ }).click();

    // Buying asks DT One for the offer (decision 0080): what the number receives, what the shop pays, until when;
    // nothing is charged. Rejected, it is cancelled at DT One and the shop keeps its money.
    await page.getByRole('button', { name: 'Kaufen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aufladung bestätigen' });
    await expect(dialog.getByText('+905321234100')).toBeVisible();
    await expect(dialog.getByText('Empfänger erhält: 150 TRY')).toBeVisible();
    await expect(dialog.getByText(/Belastet: 4,90/)).toBeVisible();
    await expect(dialog.getByText(/Angebot gültig bis/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Angebot ablehnen' }).click();
    await expect(page.getByText('Angebot abgelehnt; es wurde nichts belastet.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const history = page.getByRole('row').filter({ hasText: '+905321234100' }).first();
    await expect(history.getByText('Fehlgeschlagen')).toBeVisible({ timeout: 15_000 });

    // A new offer, confirmed: the money is reserved, then DT One confirms.
    await page.getByRole('button', { name: 'Kaufen' }).click();
    await expect(dialog.getByText('Empfänger erhält: 150 TRY')).toBeVisible();
    await dialog.getByRole('button', { name: 'Bestätigen und senden' }).click();

    // DT One's sandbox completes a …100 number after about 3 s; the screen asks until then.
    await expect(page.getByText('Die Aufladung ist angekommen.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Beleg drucken' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: '+905321234100' }).first();
    await expect(row.getByText('Erfolgreich')).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('4,90');

    // The shop's ledger says the top-up in words, a link that opens it over the ledger (decision 0123).
    await page.goto('/seller/ledger');
    const line = page.getByRole('row').filter({ hasText: '+905321234100' }).first();
    const words = /^Internationale Aufladung \d+$/;
    await line.getByRole('link', { name: words }).click();
    await expect(page).toHaveURL(/[?&]provider_sale=\d+/);
    const saleId = new URL(page.url()).searchParams.get('provider_sale');
    const topupView = page.getByRole('dialog', { name: `Internationale Aufladung ${saleId}` });
    await expectTopupFacts(topupView);
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/provider_sale=/);

    // Its reseller opens the same top-up from the shop's ledger, and sees whose it is.
    const resellerView = await browser.newPage();
    await openLoginAndSignIn(resellerView, 'reseller');
    await resellerView.goto(`/admin/customer-ledger?customer_id=${shop.customer_id}`);
    await resellerView
      .getByRole('link', { name: `Internationale Aufladung ${saleId}` })
      .first()
      .click();
    await expect(resellerView).toHaveURL(new RegExp(`[?&]provider_sale=${saleId}(&|$)`));
    const shopsTopup = resellerView.getByRole('dialog', { name: `Internationale Aufladung ${saleId}` });
    await expectTopupFacts(shopsTopup);
    await expect(shopsTopup.getByRole('row', { name: /Shop/ })).toContainText('Demo Shop Berlin');
    await resellerView.close();

    // The recharge summary counts it under today's day, Turkcell and "Erfolgreich", with the totals below.
    await page.goto('/seller/recharge-summary');
    await expect(page.getByRole('heading', { name: 'Aufladungsübersicht' })).toBeVisible();
    const summaryRow = page
      .getByRole('row')
      .filter({ hasText: 'Turkcell Turkey' })
      .filter({ hasText: 'Erfolgreich' })
      .first();
    await expect(summaryRow).toContainText('Internationale Aufladung');
    const totals = page.getByTestId('recharge-totals');
    await expect(totals).toContainText('Summe Erfolgreich');
    await expect(totals.getByRole('row').last()).toContainText('Summe');

    // The period's fields are typed in German (both before the page renders again: neither end is lost) or picked
    // from the calendar, in German too.
    const from = page.getByRole('textbox', { name: 'Von' });
    const to = page.getByRole('textbox', { name: 'Bis' });
    await from.fill('1.1.2020');
    await to.fill('31.01.2020');
    await expect(page.getByText('Keine Aufladungen in diesem Zeitraum.')).toBeVisible();
    await page.reload();
    await expect(to).toHaveValue('31.01.2020');
    await expect(from).toHaveValue('01.01.2020');
    await to.click();
    await expect(page.getByRole('button', { name: 'Januar 2020', exact: true })).toBeVisible();
    await page.getByRole('button', { name: '30 Januar 2020', exact: true }).click();
    await expect(to).toHaveValue('30.01.2020');
    await expect(page).toHaveURL(/to=2020-01-30/);

    // A period over a year is refused on the screen, in the user's language, before anything is asked.
    await to.fill('31.12.2026');
    await expect(page.getByText('höchstens 366 Tage')).toBeVisible();
    await from.fill('01.01.2026');
    await expect(page.getByText('höchstens 366 Tage')).toHaveCount(0);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV herunterladen' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('recharge-summary-2026-01-01-2026-12-31.csv');
    // A file a German Excel opens in columns (decision 0131): BOM, `;`, the screen's own words, decimal commas.
    const summaryFile = readFileSync(await download.path(), 'utf8');
    expect(summaryFile.startsWith('\uFEFF')).toBe(true);
    const [summaryHeader, ...summaryLines] = summaryFile.slice(1).split('\r\n');
    expect(summaryHeader).toBe('Tag;Art;Betreiber;Status;Anzahl;Verkaufswert;Ihr Einkauf');
    expect(summaryLines.find((l) => l.includes('Turkcell Turkey;Erfolgreich'))).toMatch(
      /^\d{2}\.\d{2}\.2026;Internationale Aufladung;Turkcell Turkey;Erfolgreich;\d+;\d+,\d{2};\d+,\d{2}$/,
    );

    // The completed top-up is one of the shop's sales (decision 0102): kind, operator and number, and its details
    // open like a PIN sale's (issue 39).
    await page.goto('/seller/sales');
    const sale = page.getByRole('row').filter({ hasText: '+905321234100' }).first();
    await expect(sale).toContainText('Internationale Aufladung');
    await expect(sale).toContainText('Turkcell Turkey');
    await expect(sale.getByRole('button', { name: 'Details' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Verkaufsart' }).click();
    await page.getByRole('option', { name: 'PINs (alle)' }).click();
    await expect(page).toHaveURL(/sale_kind=pin/);
    await expect(page.getByRole('row').filter({ hasText: '+905321234100' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Verkaufsart' }).click();
    await page.getByRole('option', { name: 'Aufladungen' }).click();
    await expect(page.getByRole('row').filter({ hasText: '+905321234100' }).first()).toContainText('5,00');
  });
});
