// @vitest-environment happy-dom

import type { InvoiceLine, InvoiceParty, InvoiceReport } from '@portal/contract/invoices';
import { ROLE } from '@portal/contract/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formattersFor } from '../../lib/format.ts';
import { type FakeAnswer, fakeApi } from '../../testing/fake-api.ts';
import { renderScreen, testUser } from '../../testing/render.tsx';
import { InvoiceDetailPage } from './invoice-detail.page.tsx';

const { money } = formattersFor('en');

const party = (name: string, vat_id: string | null): InvoiceParty =>
  ({
    customer_id: 1,
    name,
    legal_name: `${name} GmbH`,
    address: 'Hauptstr. 1, 10115 Berlin',
    vat_id,
    tax_number: null,
  }) as InvoiceParty;

const line = (over: Partial<InvoiceLine>): InvoiceLine => ({
  line_kind: 'voucher',
  product_id: 3,
  configuration_id: 31,
  product_name: 'Vodafone CallYa',
  face_value: '15.00',
  quantity: 7,
  unit_price_gross: '14.37',
  unit_price_net: '12.08',
  gross_amount: '100.59',
  net_amount: '84.53',
  vat_treatment: 'spv',
  vat_rate: '19.00',
  ...over,
});

const invoice: InvoiceReport = {
  id: 88,
  kind: 'invoice',
  invoice_no: 'RE-2026-0042',
  reclamation_id: null,
  issuer_id: 1,
  issuer_name: 'Portal',
  recipient_id: 10,
  recipient_name: 'Kiosk Nord',
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  issued_at: '2026-11-01T06:00:00Z',
  net_total: '84.53',
  vat_total: '16.06',
  gross_total: '150.59',
  issuer: party('Prepaid Portal', 'DE123456789'),
  recipient: party('Kiosk Nord', null),
  lines: [
    line({}),
    line({
      product_name: 'Paysafecard',
      face_value: '50.00',
      quantity: 1,
      unit_price_gross: '50.00',
      unit_price_net: '50.00',
      gross_amount: '50.00',
      net_amount: '50.00',
      vat_treatment: 'mpv',
      vat_rate: '0.00',
    }),
  ],
  vat_breakdown: [
    { vat_treatment: 'spv', vat_rate: '19.00', gross: '100.59', vat: '16.06', net: '84.53' },
    { vat_treatment: 'mpv', vat_rate: '0.00', gross: '50.00', vat: '0.00', net: '50.00' },
  ],
};

async function page(answer: FakeAnswer, props: Parameters<typeof InvoiceDetailPage>[0], url = '/new/invoice/88') {
  const api = fakeApi({ '/get_invoice_report/': answer });
  await renderScreen(<InvoiceDetailPage {...props} />, {
    url,
    route: '/new/:kind/:invoiceId',
    user: testUser(ROLE.reseller),
  });
  return api;
}

const lineCells = () =>
  within(screen.getAllByRole('table')[0]!)
    .getAllByRole('row')
    .map((r) =>
      within(r)
        .queryAllByRole(r.querySelector('th') ? 'columnheader' : 'cell')
        .map((c) => c.textContent),
    );

describe('InvoiceDetailPage', () => {
  it('shows the invoice asked for in the net view: parties, lines, VAT per rate and totals', async () => {
    const api = await page({ data: invoice }, { view: 'net' });
    expect(await screen.findByRole('heading', { name: 'Invoice (net) RE-2026-0042' })).toBeTruthy();
    expect(api.sent('/get_invoice_report/')).toEqual([{ invoice_id: 88 }]);
    expect(screen.getByText('Prepaid Portal GmbH')).toBeTruthy();
    expect(screen.getByText('VAT ID: DE123456789')).toBeTruthy();
    expect(lineCells()).toEqual([
      ['Product', 'Face value', 'Quantity', 'Unit price net', 'VAT rate', 'Amount net'],
      ['Vodafone CallYa', money('15.00'), '7', money('12.08'), '19 %', money('84.53')],
      ['Paysafecard', money('50.00'), '1', money('50.00'), 'Multi-purpose voucher', money('50.00')],
    ]);
    const totals = screen.getByTestId('invoice-totals');
    expect(within(totals).getByText('VAT 19 % on 84,53').nextElementSibling?.textContent).toBe(money('16.06'));
    expect(within(totals).getByText('Total gross').parentElement?.textContent).toBe(`Total gross${money('150.59')}`);
    expect(screen.getByRole('link', { name: 'Gross view' }).getAttribute('href')).toBe('/new/invoice-gross/88');
  });

  it('shows gross prices in the gross view', async () => {
    await page({ data: invoice }, { view: 'gross' }, '/new/invoice-gross/88');
    await screen.findByRole('heading', { name: 'Invoice (gross) RE-2026-0042' });
    expect(lineCells()[1]).toEqual(['Vodafone CallYa', money('15.00'), '7', money('14.37'), '19 %', money('100.59')]);
    expect(screen.getByRole('link', { name: 'Net view' }).getAttribute('href')).toBe('/new/invoice/88');
  });

  it('switches a credit note between gross and net in place, naming the invoice it corrects', async () => {
    const note = { ...invoice, kind: 'credit_note' as const, reclamation_id: 5, preceding_invoice_no: 'RE-2026-0040' };
    await page({ data: note }, { view: 'gross', kind: 'credit_note' }, '/new/invoice-credit-note/88');
    expect(await screen.findByText('Refund of reclamation 5: the amounts listed are refunded to you.')).toBeTruthy();
    expect(screen.getByTestId('preceding-invoice').textContent).toBe('Corrects invoice RE-2026-0040.');
    expect(lineCells()[0]).toContain('Unit price gross');
    await userEvent.click(screen.getByRole('button', { name: 'Net view' }));
    await waitFor(() => expect(lineCells()[0]).toContain('Unit price net'));
    expect(screen.getByTestId('address').textContent).toBe('/new/invoice-credit-note/88');
  });

  it('says when an invoice has no lines', async () => {
    await page({ data: { ...invoice, lines: [], vat_breakdown: [] } }, { view: 'net' });
    expect(await screen.findByText('This invoice has no lines.')).toBeTruthy();
  });

  it('says the invoice could not be loaded, translated from the refusal', async () => {
    await page({ refusal: 'forbidden', status: 403 }, { view: 'net' });
    expect(await screen.findByText('Error getting data')).toBeTruthy();
    expect(screen.getByText('You are not allowed to do this.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
