import pg from 'pg';
import { api, customerIdOf, pgUrl, randomPins, stockProduct, supplyShop } from './api.ts';
import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * Issue 40, "Safe actions": an action that moves money, signs people out or deletes asks first with its consequence
 * in words; Cancel and Escape leave the server as it was; confirming acts and says so in a toast, whose Undo takes
 * the action back where the action allows it.
 */

/** Counted straight from the database, apart from the API under test: what a reseller's deactivation stops. */
async function resellerReach(name: string): Promise<{ shops: number; users: number }> {
  const client = new pg.Client({ connectionString: pgUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ shops: number; users: number }>(
      `with r as (select id from customers where name = $1),
            s as (select id from customers where parent_id = (select id from r) and is_active)
       select (select count(*)::int from s) as shops,
              (select count(*)::int from users
                where is_active and (customer_id = (select id from r) or customer_id in (select id from s))) as users`,
      [name],
    );
    return rows[0]!; // one row of counts, whatever the data
  } finally {
    await client.end();
  }
}

const RESELLER = 'Demo Reseller GmbH';

async function resellerActive(page: Page): Promise<number> {
  const list = await api<{ customers: { name: string; is_active: number }[] }>(page, '/view_customers/', {
    search_text: RESELLER,
  });
  return list.customers.find((c) => c.name === RESELLER)!.is_active;
}

/** Whether a signed-in page's session still works: a deactivated customer's users are refused on their next call. */
async function sessionWorks(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const res = await fetch('/api/dynamic_balance/', {
      headers: {
        Authorization: `Bearer ${localStorage.getItem('portal.access_token')}`,
        'X-Session-Id': localStorage.getItem('portal.session_id') ?? '',
        'X-Customer-Id': localStorage.getItem('portal.customer_id') ?? '',
      },
    });
    return res.status === 200;
  });
}

test('the superadmin deactivates a reseller only after reading who is signed out, and undoes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const reach = await resellerReach(RESELLER);
  expect(reach.shops).toBeGreaterThan(0);
  // One of the shop's users, signed in before: the deactivation reaches it through its reseller.
  const shopContext = await browser.newContext();
  const shop = await shopContext.newPage();
  await openLoginAndSignIn(shop, 'seller');
  expect(await sessionWorks(shop)).toBe(true);

  await openLoginAndSignIn(page, 'superadmin');
  await page.goto('/customers/view');
  const toggle = page.getByRole('switch', { name: `${RESELLER} aktivieren oder sperren` });
  await expect(toggle).toBeChecked();

  const dialog = page.getByRole('dialog', { name: `${RESELLER} deaktivieren?` });
  const shops =
    reach.shops === 1
      ? `${RESELLER} und sein Shop werden gesperrt und abgemeldet.`
      : `${RESELLER} und seine ${reach.shops} Shops werden gesperrt und abgemeldet.`;
  const users =
    reach.users === 1 ? '1 Benutzer verliert sofort den Zugang' : `${reach.users} Benutzer verlieren sofort den Zugang`;

  // Escape cancels: nothing changed on the server.
  await toggle.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('confirm-consequence')).toContainText(shops);
  await expect(dialog.getByTestId('confirm-consequence')).toContainText(users);
  // The focus starts on Cancel, so a stray Enter does not sign anybody out; the confirm button names the action.
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await resellerActive(page)).toBe(1);
  await expect(toggle).toBeChecked();

  // Cancel does nothing either.
  await toggle.click();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await resellerActive(page)).toBe(1);
  expect(await sessionWorks(shop)).toBe(true);

  // Confirmed: deactivated, said in a toast, and the reseller's shop is signed out.
  await toggle.click();
  await dialog.getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(dialog).toHaveCount(0);
  const toast = page.getByRole('alert').filter({ hasText: `${RESELLER} wurde gesperrt` });
  await expect(toast).toBeVisible();
  expect(await resellerActive(page)).toBe(0);
  expect(await sessionWorks(shop)).toBe(false);

  // Undo switches it back on; the shop's users may work again.
  await toast.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${RESELLER} ist wieder aktiv` })).toBeVisible();
  expect(await resellerActive(page)).toBe(1);
  await page.goto('/customers/view');
  await expect(toggle).toBeChecked();
  await shopContext.close();
});

test('a shop removes a favourite in English: asked first, Cancel keeps it, Undo brings it back', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Two denominations the shop may sell, from its reseller.
  const reseller = await browser.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  const shopId = await customerIdOf(reseller, 'Demo Shop Berlin');
  const suffix = Date.now().toString(36);
  const names = [`E2E Fav A ${suffix}`, `E2E Fav B ${suffix}`];
  const ids: number[] = [];
  for (const name of names) {
    const stocked = await stockProduct(reseller, { name, pins: randomPins(2), batch: `FAV-${name.at(-1)}-${suffix}` });
    await supplyShop(reseller, { shopId, configurationId: stocked.configurationId, planName: `Plan ${name}` });
    ids.push(stocked.configurationId);
  }
  await reseller.close();

  await openLoginAndSignIn(page, 'seller');
  const favouriteIds = async () =>
    (await api<{ favourites: { configuration_id: number }[] }>(page, '/view_favourites/')).favourites.map(
      (f) => f.configuration_id,
    );
  await api(page, '/update_favourites/', { configuration_ids: ids });
  await page.goto('/settings');
  await page.getByRole('radiogroup', { name: 'Sprache' }).getByText('English').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  try {
    await page.goto('/dashboard');
    const first = page.getByTestId('favourite').filter({ hasText: names[0] });
    const dialog = page.getByRole('dialog', { name: 'Remove the favourite?' });

    await first.getByRole('button', { name: 'Remove from favourites' }).click();
    await expect(dialog.getByTestId('confirm-consequence')).toContainText(
      new RegExp(`^${names[0]} 10,00\\s€ disappears from your favourites on the home page\\.$`),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await favouriteIds()).toEqual(ids);

    await first.getByRole('button', { name: 'Remove from favourites' }).click();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'removed from the favourites.' });
    await expect(toast).toBeVisible();
    await expect.poll(favouriteIds).toEqual([ids[1]]);
    await expect(page.getByTestId('favourite')).toHaveCount(1);

    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'is a favourite again.' })).toBeVisible();
    await expect.poll(favouriteIds).toEqual(ids);
    await expect(page.getByTestId('favourite')).toHaveCount(2);
  } finally {
    await api(page, '/update_settings/', { language: 'de' });
    await api(page, '/reset_favourites/', {});
  }
});

test('the platform deletes a device only after reading which one, and Cancel keeps it', async ({ page }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const tag = `Löschkasse ${suffix}`;
  const serial = `DEL-${suffix}`;
  await openLoginAndSignIn(page, 'superadmin');
  await api(page, '/add_update_delete_devices/', { action: 'add', tag, serial_no: serial });
  const listed = async () =>
    (await api<{ devices: { serial_no: string }[] }>(page, '/view_devices/', { search: serial })).devices.length;
  expect(await listed()).toBe(1);

  await page.goto(`/devices?search=${serial}`);
  const remove = page.getByRole('button', { name: `${tag} löschen` });
  const dialog = page.getByRole('dialog', { name: `Gerät ${tag} löschen?` });
  await remove.click();
  await expect(dialog.getByTestId('confirm-consequence')).toHaveText(
    `Das Gerät ${tag} (Seriennummer ${serial}) wird gelöscht.`,
  );
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await listed()).toBe(1);

  await remove.click();
  await dialog.getByRole('button', { name: 'Löschen', exact: true }).click();
  // A delete the server keeps no way back from: a toast without Undo.
  const toast = page.getByRole('alert').filter({ hasText: `Gerät ${tag} gelöscht.` });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Rückgängig' })).toHaveCount(0);
  expect(await listed()).toBe(0);
  await expect(page.getByRole('row', { name: new RegExp(serial) })).toHaveCount(0);
});

/**
 * A statement of one incoming transfer from a payer of this run, read and mapped to the demo shop through the
 * import's own calls (the import's screens are banking.spec.ts's): a remembered payer and a line waiting to be booked.
 */
async function mappedIncomingLine(page: Page, payer: string): Promise<void> {
  const csv = [
    'Bezeichnung Auftragskonto;IBAN Auftragskonto;BIC Auftragskonto;Bankname Auftragskonto;Buchungstag;Valutadatum;Name Zahlungsbeteiligter;IBAN Zahlungsbeteiligter;BIC (SWIFT-Code) Zahlungsbeteiligter;Buchungstext;Verwendungszweck;Betrag;Waehrung;Saldo nach Buchung;Bemerkung;Kategorie;Steuerrelevant;Glaeubiger ID;Mandatsreferenz',
    `Geschäftskonto;DE02300606010002474689;DAAEDEDDXXX;Volksbank Demo eG;21.11.2026;21.11.2026;${payer};DE89370400440532013000;COBADEFFXXX;Gutschrift;Aufladung ${payer};123,45;EUR;5.233,46;;;;;`,
  ].join('\n');
  const importId = await page.evaluate(async (csv) => {
    const form = new FormData();
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'statement.csv');
    const res = await fetch('/api/bank_module_step_1/', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${localStorage.getItem('portal.access_token')}`,
        'X-Session-Id': localStorage.getItem('portal.session_id') ?? '',
        'X-Customer-Id': localStorage.getItem('portal.customer_id') ?? '',
      },
      body: form,
    });
    const json = await res.json();
    if (json.message_type !== 1) throw new Error(`statement: ${res.status} ${JSON.stringify(json)}`);
    return json.data.import.import_id as number;
  }, csv);
  await api(page, '/bank_module_step_2/', {
    import_id: importId,
    mappings: [
      {
        payer_name: payer,
        payer_iban: 'DE89370400440532013000',
        customer_id: await customerIdOf(page, 'Demo Shop Berlin'),
      },
    ],
  });
}

test('the reseller forgets a remembered payer and deletes an incoming bank line, each only after reading what follows', async ({
  page,
}) => {
  const payer = `Späti Öztürk ${Date.now().toString(36)}`;
  await openLoginAndSignIn(page, 'reseller');
  await mappedIncomingLine(page, payer);
  const mappings = async () =>
    (
      await api<{ mapped_customers: { payer_name: string }[] }>(
        page,
        `/get_bank_name_mapped_customers/?search=${encodeURIComponent(payer)}`,
      )
    ).mapped_customers.length;
  const lines = async () =>
    (await api<{ bank_records: unknown[] }>(page, `/get_bank_records/?search=${encodeURIComponent(payer)}`))
      .bank_records.length;
  expect(await mappings()).toBe(1);

  // The payer mapping: the consequence names payer and customer; Cancel keeps it; confirmed, it is gone. The next
  // statement's mapping step makes it again, so the toast offers no undo.
  await page.goto(`/banking-customers?search=${encodeURIComponent(payer)}`);
  const forget = page.getByRole('button', { name: `Zuordnung von ${payer} löschen` });
  const question = page.getByRole('dialog', { name: 'Zuordnung löschen?' });
  await forget.click();
  await expect(question.getByTestId('confirm-consequence')).toHaveText(
    `Zahlungen von ${payer} werden nicht mehr automatisch Demo Shop Berlin zugeordnet.`,
  );
  await question.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(question).toHaveCount(0);
  expect(await mappings()).toBe(1);
  await forget.click();
  await question.getByRole('button', { name: 'Löschen', exact: true }).click();
  const forgotten = page.getByRole('alert').filter({ hasText: `Zuordnung von ${payer} gelöscht.` });
  await expect(forgotten).toBeVisible();
  await expect(forgotten.getByRole('button', { name: 'Rückgängig' })).toHaveCount(0);
  expect(await mappings()).toBe(0);
  await expect(forget).toHaveCount(0);

  // The incoming line: the payment would be credited to nobody. Cancel keeps it, Undo restores it.
  await page.goto(`/banking-list?search=${encodeURIComponent(payer)}`);
  const remove = page.getByRole('button', { name: `Buchung von ${payer} löschen` });
  const dialog = page.getByRole('dialog', { name: 'Buchung löschen?' });
  await remove.click();
  await expect(dialog.getByTestId('confirm-consequence')).toHaveText(
    new RegExp(
      `^Die Zahlung von ${payer} über 123,45\\s€ vom 21\\.11\\.2026 wird gelöscht und keinem Kunden gutgeschrieben\\.$`,
    ),
  );
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await lines()).toBe(1);
  await remove.click();
  await dialog.getByRole('button', { name: 'Löschen', exact: true }).click();
  const toast = page.getByRole('alert').filter({ hasText: `Buchung von ${payer} gelöscht.` });
  await expect(toast).toBeVisible();
  await expect.poll(lines).toBe(0);
  await toast.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Buchung von ${payer} wiederhergestellt.` })).toBeVisible();
  await expect.poll(lines).toBe(1);
  await expect(remove).toBeVisible();
});

test('the reseller deletes a hardware category only after reading that its shops lose it, and Cancel keeps it', async ({
  page,
}) => {
  const category = `Kassenrollen ${Date.now().toString(36)}`;
  await openLoginAndSignIn(page, 'reseller');
  await page.goto('/hardware');
  await page.getByRole('textbox', { name: 'Name der Kategorie' }).fill(category);
  await page.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
  const link = page.getByRole('link', { name: category });
  await expect(link).toBeVisible();
  const categories = async () =>
    (
      await api<{ categories: { category_name: string }[] }>(
        page,
        `/hardware_category/?search=${encodeURIComponent(category)}`,
      )
    ).categories.filter((c) => c.category_name === category).length;
  expect(await categories()).toBe(1);

  const remove = page.getByRole('button', { name: `${category} löschen` });
  const dialog = page.getByRole('dialog', { name: `Kategorie ${category} löschen?` });
  await remove.click();
  await expect(dialog.getByTestId('confirm-consequence')).toHaveText(
    `Die Kategorie ${category} verschwindet aus dem Hardware-Katalog Ihrer Shops.`,
  );
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await categories()).toBe(1);
  await expect(link).toBeVisible();

  await remove.click();
  await dialog.getByRole('button', { name: 'Löschen', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${category} gelöscht.` })).toBeVisible();
  expect(await categories()).toBe(0);
  await expect(link).toHaveCount(0);
});
