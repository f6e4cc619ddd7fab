// @vitest-environment happy-dom
import type { UserInfo } from '@portal/contract/auth';
import type { LedgerRow } from '@portal/contract/credit';
import { ROLE } from '@portal/contract/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formattersFor } from '../lib/format.ts';
import { renderScreen, testUser } from '../testing/render.tsx';
import type { PageRequest } from './data-table.tsx';
import { type EntryViews, LedgerTable, type MoneyFilters } from './ledger-table.tsx';

const { money } = formattersFor('en');

const line = (over: Partial<LedgerRow>): LedgerRow => ({
  entry_id: 1,
  line_id: 1,
  created_at: '2026-11-20T09:15:00Z',
  kind: 'payment',
  customer_id: 10,
  customer_name: 'Kiosk Nord',
  account: 'balance',
  amount: '250.37',
  balance_after: '1012.63',
  method: 'transfer',
  reference: null,
  memo: '',
  created_by: 'anna',
  sale: null,
  provider_sale: null,
  ...over,
});
const sale = line({
  entry_id: 2,
  line_id: 2,
  kind: 'sale',
  amount: '-47.51',
  balance_after: null,
  method: null,
  created_by: null,
  sale: { id: 9041, product: 'Vodafone', face_value: '15.00', quantity: 3 },
});
const answer = (rows: LedgerRow[]) => ({ items: rows, filters: { total_count: rows.length, total_pages: 1 } });

/** The sale a ledger line opens, as the page's route table hands it in. */
const views: EntryViews = {
  sale: ({ id, onClose }) =>
    id === null ? null : (
      <div role="dialog" aria-label={`Sale ${id} opened`}>
        <button type="button" onClick={onClose}>
          close sale
        </button>
      </div>
    ),
};

async function ledger(options: { user?: UserInfo; exportLines?: () => Promise<void> } = {}) {
  const queryFn = vi.fn(async (_: PageRequest<MoneyFilters>) => answer([line({}), sale]));
  await renderScreen(
    <LedgerTable
      queryKey={['ledger']}
      queryFn={queryFn}
      showCustomer
      entryViews={views}
      exportLines={options.exportLines ?? (async () => undefined)}
    />,
    { url: '/ledger', user: options.user ?? testUser(ROLE.reseller) },
  );
  await screen.findAllByText('Kiosk Nord');
  return { queryFn };
}

const cells = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('LedgerTable', () => {
  it('shows each line in words: kind, customer, account, signed amount, balance after, reference and who booked it', async () => {
    await ledger();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date',
      'Kind',
      'Customer',
      'Account',
      'Amount',
      'Balance after',
      'Reference',
      'Booked by',
    ]);
    const [payment, saleLine] = cells();
    expect(payment!.slice(1)).toEqual([
      'Payment',
      'Kiosk Nord',
      'Balance',
      money('250.37'),
      money('1012.63'),
      'Bank transfer',
      'anna',
    ]);
    // A sale names what was sold; a line without a balance shows a dash, one booked by no user the system.
    expect(saleLine!.slice(1)).toEqual([
      'Sale',
      'Kiosk Nord',
      'Balance',
      money('-47.51'),
      '—',
      `Sale 9041: Vodafone ${money('15.00')} × 3`,
      'System',
    ]);
  });

  it('opens the sale a line names, in the address, for a user who may see sales; closing it clears the address', async () => {
    await ledger({ user: testUser(ROLE.seller) });
    await userEvent.click(screen.getByRole('link', { name: `Sale 9041: Vodafone ${money('15.00')} × 3` }));
    expect(await screen.findByRole('dialog', { name: 'Sale 9041 opened' })).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/ledger?sale=9041');
    await userEvent.click(screen.getByRole('button', { name: 'close sale' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sale 9041 opened' })).toBeNull());
    expect(screen.getByTestId('address').textContent).toBe('/ledger');
  });

  it('names the sale in words only, without a link, for a user who may not see sales', async () => {
    // A reseller without the reports feature fails RULES.saleDetails.
    await ledger({ user: testUser(ROLE.reseller, { has_reports: 0 }) });
    expect(cells()[1]![6]).toBe(`Sale 9041: Vodafone ${money('15.00')} × 3`);
    expect(screen.queryByRole('link', { name: /Sale 9041/ })).toBeNull();
  });

  it('asks the list again with the kind chosen, and exports the lines with the list’s filters', async () => {
    const exportLines = vi.fn(async () => undefined);
    const { queryFn } = await ledger({ exportLines });
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Payment' }));
    await waitFor(() =>
      expect(queryFn).toHaveBeenLastCalledWith(
        expect.objectContaining({ page: 1, filters: { from: '', to: '', kind: 'payment' } }),
      ),
    );
    expect(screen.getByTestId('address').textContent).toBe('/ledger?kind=payment');
    await userEvent.click(screen.getByRole('button', { name: 'Download Excel (XLSX)' }));
    expect(exportLines).toHaveBeenCalledWith({ from: '', to: '', kind: 'payment' }, 'xlsx');
  });
});
