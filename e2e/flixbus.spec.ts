import { readFile } from 'node:fs/promises';
import { pdfFonts, pdfText, scanQrCode } from '../apps/server/src/platform/pdf-inspect.ts';
import { fundDemoShop } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

test.describe('bus tickets', () => {
  test('a shop books a Berlin → München bus, is refused an e-bike on the night bus, chooses a seat, pays, downloads the ticket PDF, then cancels it from the list and is refunded', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await fundDemoShop(browser, '50');

    await openLoginAndSignIn(page, 'seller');
    await page.getByRole('button', { name: 'Verkauf' }).click();
    await page.getByRole('menuitem', { name: 'Bustickets', exact: true }).click();
    await expect(page).toHaveURL(/\/flixbus$/);
    await expect(page.getByRole('heading', { name: 'Bustickets' })).toBeVisible();

    // Cities and date, one seat with an e-bike.
    await page.getByRole('combobox', { name: 'Von' }).click();
    await page.getByRole('option', { name: 'Berlin' }).click();
    await page.getByRole('combobox', { name: 'Nach' }).click();
    await page.getByRole('option', { name: 'München' }).click();
    await page.getByRole('textbox', { name: 'Datum' }).fill('15.03.2027');
    await page.getByRole('textbox', { name: 'E-Bikes' }).fill('1');
    await page.getByRole('button', { name: 'Fahrten suchen' }).click();

    const trips = page.getByTestId('flixbus-trip');
    await expect(trips).toHaveCount(3);
    await expect(trips.nth(2)).toContainText('Keine E-Bikes');
    await trips.nth(2).getByRole('button', { name: 'Auswählen' }).click();
    // The seat step: the night bus's 40 seats; letting the provider assign them is refused for the e-bike.
    const seats = page.getByRole('group', { name: 'Sitzplan' });
    await expect(seats.getByTestId('flixbus-seat')).toHaveCount(40);
    await page.getByRole('button', { name: 'Plätze zuweisen lassen' }).click();
    await expect(page.getByRole('alert')).toContainText('E-Bikes sind auf dieser Fahrt nicht erlaubt.');
    await page.getByRole('button', { name: 'Andere Fahrt wählen' }).click();

    // The morning bus carries e-bikes: 14,99 € a seat and 9,00 € for the e-bike. Seat 5, exactly one.
    await trips.nth(0).getByRole('button', { name: 'Auswählen' }).click();
    const reserveSeats = page.getByRole('button', { name: 'Diese Plätze reservieren' });
    await expect(reserveSeats).toBeDisabled();
    await seats.getByRole('button', { name: 'Platz 5, frei' }).click();
    await expect(seats.getByRole('button', { name: 'Platz 5, gewählt' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('1 von 1 Plätzen gewählt')).toBeVisible();
    // One passenger, one seat: a second is not taken.
    await seats.getByRole('button', { name: 'Platz 6, frei' }).click();
    await expect(seats.getByRole('button', { name: 'Platz 6, frei' })).toHaveAttribute('aria-pressed', 'false');
    await reserveSeats.click();
    await expect(page.getByText('Fahrpreis: 23,99')).toBeVisible();
    await expect(page.getByText('Sitzplätze: 5')).toBeVisible();
    await page.getByRole('textbox', { name: 'Fahrgast 1 · Vorname' }).fill('Aylin');
    await page.getByRole('textbox', { name: 'Nachname' }).fill('Yılmaz');
    await page.getByRole('textbox', { name: 'Telefon für Rückfragen' }).fill('123');
    await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
    await expect(page.getByText('Keine gültige Telefonnummer.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Telefon für Rückfragen' }).fill('0176 1234 5678');
    await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click();

    await expect(page.getByText('Fahrgast 1: Aylin Yılmaz')).toBeVisible();
    await page.getByRole('button', { name: 'Bezahlen' }).click();
    // Paying takes the price from the balance: confirmed first with the amount and the trip (issue 40).
    const payDialog = page.getByRole('dialog', { name: 'Ticket bezahlen?' });
    await expect(payDialog).toContainText(
      /\d+,\d\d\s€\swerden sofort von Ihrem Guthaben abgebucht: .+ → .+, 1 Fahrgast\./,
    );
    await payDialog.getByRole('button', { name: 'Kostenpflichtig bezahlen' }).click();
    await expect(page.getByText('Die Buchung ist bestätigt.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('ticket-code')).toHaveText(/^FX\d+-/);
    const ticketCode = await page.getByTestId('ticket-code').textContent();

    const downloading = page.waitForEvent('download');
    const answered = page.waitForResponse((r) => r.url().includes('/api/flixbus_api/ticket/'));
    await page.getByRole('button', { name: 'Ticket herunterladen (PDF)' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^bus-ticket-\d+\.pdf$/);
    const pdf = await readFile((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The name as on the passenger's ID and the route's arrow, extracted intact from the downloaded file (issue 40),
    // labelled in the German shop user's language, in an embedded font, and the provider's code scannable.
    const text = await pdfText(pdf);
    expect(text).toContain('Aylin Yılmaz · Sitzplatz 5');
    expect(text).toContain('Berlin → München');
    expect(text).not.toContain('Seat');
    expect((await pdfFonts(pdf)).filter((f) => !f.embedded)).toEqual([]);
    expect(await scanQrCode(pdf)).toBe(ticketCode);

    // The booking in the shop's list: confirmed, with its ticket; cancelled from there, it is refunded.
    await expect(page.getByRole('heading', { name: 'Meine Buchungen' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: '15.03.2027, 07:30' });
    await expect(row).toContainText('Berlin → München');
    await expect(row).toContainText('Erfolgreich');
    await expect(row.getByRole('button', { name: 'Ticket' })).toBeVisible();
    await row.getByRole('button', { name: 'Stornieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buchung stornieren?' });
    await expect(dialog).toContainText('Ihrem Guthaben gutgeschrieben');
    const cancelled = page.waitForResponse(
      (r) => r.url().endsWith('/api/flixbus_api/') && r.request().postDataJSON()?.action === 'cancel',
    );
    await dialog.getByRole('button', { name: 'Stornieren' }).click();
    expect((await cancelled).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Erstattet');
    await expect(page.getByText('Die Buchung wurde erstattet.')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Stornieren' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Ticket' })).toHaveCount(0);
  });
});
