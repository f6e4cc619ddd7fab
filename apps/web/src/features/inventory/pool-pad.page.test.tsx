// @vitest-environment happy-dom
import type { ProductPadCell, ProductPadView } from '@portal/contract/assignments';
import { formatPercent } from '@portal/contract/format';
import { ROLE } from '@portal/contract/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formattersFor } from '../../lib/format.ts';
import { type FakeAnswer, fakeApi } from '../../testing/fake-api.ts';
import { renderScreen, testUser } from '../../testing/render.tsx';
import { PoolPadPage } from './pool-pad.page.tsx';

const { money } = formattersFor('en');

const cell = (configuration_id: number, over: Partial<ProductPadCell> = {}): ProductPadCell => ({
  configuration_id,
  assigned: 1,
  is_active: 1,
  discount_plan_id: 4,
  discount_plan: 'Gold',
  discount: '3.50',
  price: '14.47',
  ...over,
});

const view: ProductPadView = {
  pad_customers: [
    { customer_id: 21, name: 'Kiosk Nord', is_active: 1, assignments: [cell(31), cell(32, { assigned: 0 })] },
    {
      customer_id: 22,
      name: 'Späti Süd',
      is_active: 0,
      assignments: [cell(31, { discount_plan_id: null, discount_plan: 'Standard', is_active: 0 }), cell(32)],
    },
  ],
  filters: { total_count: 2, total_pages: 1 },
  product: {
    product_id: 3,
    product_name: 'Vodafone CallYa',
    product_type: 'cash_card',
    is_active: 1,
    configurations: [
      { configuration_id: 31, value: '15.00', info: '' },
      { configuration_id: 32, value: '25.00', info: '' },
    ],
  },
  discount_plans: [
    { discount_plan_id: 4, name: 'Gold' },
    { discount_plan_id: 5, name: 'Silver' },
  ],
} as ProductPadView;

async function page(change: FakeAnswer = { data: {} }) {
  const api = fakeApi({
    '/view_update_pool/': {
      data: { pool: { pool_id: 9, product_id: 3, pool_name: 'CallYa pool', is_active: 1, configurations: [] } },
    },
    '/view_pad/': { data: view },
    '/add_update_delete_disable_pad/': change,
  });
  await renderScreen(<PoolPadPage />, {
    url: '/inventory/pool/pad/9',
    route: '/inventory/pool/pad/:poolId',
    user: testUser(ROLE.superadmin),
  });
  await screen.findByText('Kiosk Nord');
  return api;
}

const openFor = async (name: string) => {
  await userEvent.click(screen.getByRole('button', { name: `Assign ${name}` }));
  return screen.findByRole('dialog', { name: `CallYa pool for ${name}` });
};

describe('PoolPadPage', () => {
  it('shows each reseller’s assignment of every denomination: discount, price and slab, or none', async () => {
    await page();
    expect(screen.getByRole('heading', { name: 'Assign pool: CallYa pool' })).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    const kiosk = within(rows[0]!).getAllByRole('cell');
    expect(kiosk[1]!.textContent).toBe(`${formatPercent('3.50')} · ${money('14.47')}Gold`);
    expect(kiosk[2]!.textContent).toBe('Not assigned');
    const spati = within(rows[1]!).getAllByRole('cell');
    expect(spati[0]!.textContent).toBe('Späti SüdInactive');
    expect(spati[1]!.textContent).toContain("Standard (The customer's default slab) · Disabled");
  });

  it('assigns the chosen denominations with the slab chosen', async () => {
    const api = await page();
    const form = await openFor('Kiosk Nord');
    // One denomination only, with the Silver slab.
    await userEvent.click(within(form).getByRole('checkbox', { name: money('25.00') }));
    await userEvent.click(within(form).getByRole('combobox', { name: 'Discount slab' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Silver' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(api.sent('/add_update_delete_disable_pad/')).toHaveLength(1));
    expect(api.sent('/add_update_delete_disable_pad/')[0]).toEqual({
      customer_id: 21,
      action: 'assign',
      configuration_ids: [31],
      discount_plan_id: 5,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'CallYa pool for Kiosk Nord' })).toBeNull());
  });

  it('disables without a slab, and asks for a denomination before sending anything', async () => {
    const api = await page();
    const form = await openFor('Späti Süd');
    for (const value of ['15.00', '25.00']) {
      await userEvent.click(within(form).getByRole('checkbox', { name: money(value) }));
    }
    await userEvent.click(within(form).getByRole('button', { name: 'Disable' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choose at least one denomination');
    expect(api.sent('/add_update_delete_disable_pad/')).toEqual([]);
    await userEvent.click(within(form).getByRole('checkbox', { name: money('15.00') }));
    await userEvent.click(within(form).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(api.sent('/add_update_delete_disable_pad/')).toEqual([
        { customer_id: 22, action: 'disable', configuration_ids: [31] },
      ]),
    );
  });

  it('shows a refusal for a negative margin with its headline, and keeps the form open', async () => {
    await page({ refusal: 'validation_failed', status: 422, rule: 'negative_margin' });
    const form = await openFor('Kiosk Nord');
    await userEvent.click(within(form).getByRole('button', { name: 'Assign' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Refused: this discount slab would make a margin negative.');
    expect(screen.getByRole('dialog', { name: 'CallYa pool for Kiosk Nord' })).toBeTruthy();
  });
});
