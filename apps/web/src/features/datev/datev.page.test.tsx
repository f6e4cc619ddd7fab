// @vitest-environment happy-dom
import type { UserInfo } from '@portal/contract/auth';
import { DATEV_DEFAULT_ACCOUNTS, type DatevSettings } from '@portal/contract/datev';
import { ROLE } from '@portal/contract/roles';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi } from '../../testing/fake-api.ts';
import { renderScreen, testUser } from '../../testing/render.tsx';
import { DatevPage } from './datev.page.tsx';

const saved: DatevSettings = {
  saved: true,
  chart: 'SKR03',
  consultant_number: 1234567,
  client_number: 4711,
  fiscal_year_start_month: 1,
  accounts: DATEV_DEFAULT_ACCOUNTS.SKR03,
};

async function page(settings: FakeAnswer, user: UserInfo = testUser(ROLE.reseller)) {
  const api = fakeApi({
    '/datev_settings/': settings,
    '/update_datev_settings/': (body) => ({ data: { ...(body as object), saved: true } }),
    '/export_datev/': { data: {} },
  });
  await renderScreen(<DatevPage />, { url: '/datev-export', user });
  return api;
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('DatevPage', () => {
  it('shows the saved settings and downloads a month’s files', async () => {
    const api = await page({ data: saved });
    await screen.findByText('DATEV settings');
    expect(field('Consultant number').value).toBe('1234567');
    expect(field('Client number').value).toBe('4711');
    expect(field('Account for Payments received by bank').value).toBe('1200');
    expect(screen.queryByText('Settings first')).toBeNull();
    // The file is saved through a link the page clicks; happy-dom would follow it away from the page.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Booking batch' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledOnce());
    const { month } = api.sent('/export_datev/')[0] as { month: string };
    expect(api.sent('/export_datev/')).toEqual([{ month: expect.stringMatching(/^\d{4}-\d{2}$/), file: 'bookings' }]);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe(`EXTF_bookings_${month}.csv`);
    clicked.mockRestore();
  });

  it('asks for the settings first: no download before they are saved', async () => {
    await page({ data: { ...saved, saved: false, consultant_number: null, client_number: null } });
    expect(await screen.findByText('Settings first')).toBeTruthy();
    for (const name of ['Both files (ZIP)', 'Booking batch', 'Debtors']) {
      expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    }
  });

  it('saves the numbers typed, with the other chart’s default accounts once the chart changes', async () => {
    const api = await page({ data: saved });
    await screen.findByText('DATEV settings');
    await userEvent.clear(field('Client number'));
    await userEvent.type(field('Client number'), '815');
    await userEvent.click(screen.getByRole('combobox', { name: 'Chart of accounts' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SKR04' }));
    expect(field('Account for Payments received by bank').value).toBe(
      String(DATEV_DEFAULT_ACCOUNTS.SKR04.bank.account),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('/update_datev_settings/')).toHaveLength(1));
    expect(api.sent('/update_datev_settings/')[0]).toEqual({
      chart: 'SKR04',
      consultant_number: 1234567,
      client_number: 815,
      fiscal_year_start_month: 1,
      accounts: DATEV_DEFAULT_ACCOUNTS.SKR04,
    });
  });

  it('refuses an adviser number out of DATEV’s range by its field, and sends nothing', async () => {
    const api = await page({ data: saved });
    await screen.findByText('DATEV settings');
    await userEvent.clear(field('Consultant number'));
    await userEvent.type(field('Consultant number'), '999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('Consultant number').getAttribute('aria-invalid')).toBe('true'));
    expect(field('Consultant number').value).toBe('999');
    expect(screen.getByText('The consultant number is a whole number from 1001 to 9999999.')).toBeTruthy();
    expect(api.sent('/update_datev_settings/')).toEqual([]);
  });

  it('offers the tax audit data only to the platform’s managers', async () => {
    await page({ data: saved }, testUser(ROLE.superadmin, { internal_role: 1 }));
    await screen.findByText('DATEV settings');
    expect(screen.queryByRole('button', { name: 'Download data (ZIP)' })).toBeNull();
    cleanup();
    await page({ data: saved }, testUser(ROLE.superadmin));
    expect(await screen.findByRole('button', { name: 'Download data (ZIP)' })).toBeTruthy();
  });

  it('says the settings could not be loaded', async () => {
    await page({ refusal: 'internal', status: 500 });
    expect(await screen.findByText('Error getting data')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
