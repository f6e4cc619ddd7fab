// @vitest-environment happy-dom
import { ROLE } from '@portal/contract/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formattersFor } from '../../lib/format.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen, testUser } from '../../testing/render.tsx';
import { CreditMultiPage } from './credit-multi.page.tsx';

const { money } = formattersFor('en');

const customers = [
  { customer_id: 21, name: 'Kiosk Nord', username: 'nord', is_active: 1 },
  { customer_id: 22, name: 'Späti Süd', username: null, is_active: 1 },
];

async function page() {
  const api = fakeApi({
    '/view_customers_list_with_less_data/': { data: { customers } },
    '/process_top_up_with_multi_customers/': {
      data: {
        results: [
          {
            status: 'success',
            customer_id: 21,
            entry_id: 1,
            balance: '160.37',
            outstanding_credit: '160.37',
            credit_limit: '500.00',
          },
          { status: 'failed', customer_id: 22, code: 'credit_limit_exceeded', message: 'limit' },
        ],
        succeeded: 1,
        failed: 1,
      },
    },
  });
  await renderScreen(<CreditMultiPage />, { url: '/customer/credit/multi', user: testUser(ROLE.reseller) });
  await screen.findByRole('combobox', { name: 'Customer 1' });
  return api;
}

async function fillRow(number: number, customer: string, amount: string) {
  await userEvent.click(screen.getByRole('combobox', { name: `Customer ${number}` }));
  await userEvent.click(await screen.findByRole('option', { name: customer }));
  await userEvent.type(screen.getByRole('textbox', { name: `Amount ${number}` }), amount);
}

describe('CreditMultiPage', () => {
  it('adds and removes rows, keeping one, and adds up the amounts typed', async () => {
    await page();
    await userEvent.click(screen.getByRole('button', { name: 'Add customer' }));
    expect(screen.getByRole('textbox', { name: 'Amount 3' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount 1' }), '100.37');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount 3' }), '0.26');
    expect(screen.getByText(/^Total:/).textContent).toBe(`Total: ${money('100.63')}`);
    await userEvent.click(screen.getByRole('button', { name: 'Remove row 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(screen.queryByRole('textbox', { name: 'Amount 2' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove row 1' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks first with who gets how much, books every row, and shows each booking’s outcome, a refusal translated', async () => {
    const api = await page();
    await fillRow(1, 'Kiosk Nord (#21)', '160.37');
    await fillRow(2, 'Späti Süd (#22)', '39.99');
    await userEvent.click(screen.getByRole('button', { name: 'Book 2 entries' }));

    const question = await screen.findByRole('dialog', { name: 'Book 2 entries?' });
    expect(
      within(question)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`Kiosk Nord: ${money('160.37')}`, `Späti Süd: ${money('39.99')}`]);
    expect(api.sent('/process_top_up_with_multi_customers/')).toEqual([]);
    await userEvent.click(within(question).getByRole('button', { name: 'Book 2 entries' }));

    await waitFor(() =>
      expect(api.sent('/process_top_up_with_multi_customers/')).toEqual([
        {
          type: 'credit',
          customers: [
            { customer_id: 21, amount: '160.37' },
            { customer_id: 22, amount: '39.99' },
          ],
        },
      ]),
    );
    const result = await screen.findByTestId('multi-result');
    const rows = within(result)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows[0]).toEqual(['21', 'Booked', money('160.37'), money('160.37')]);
    expect(rows[1]![1]).toBe('RefusedThe credit limit must not be exceeded.');
  });

  it('refuses the same customer in two rows, sending nothing', async () => {
    const api = await page();
    await fillRow(1, 'Kiosk Nord (#21)', '10');
    await fillRow(2, 'Kiosk Nord (#21)', '20');
    await userEvent.click(screen.getByRole('button', { name: 'Book 2 entries' }));
    expect(await screen.findByText('This customer is already in another row')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('/process_top_up_with_multi_customers/')).toEqual([]);
  });
});
