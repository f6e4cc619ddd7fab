// @vitest-environment happy-dom
import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../testing/render.tsx';
import { type Column, DataTable, type PageRequest, type PageResult } from './data-table.tsx';

interface Shop {
  id: number;
  name: string;
  city: string;
}
type Filters = { city: string };

const columns: Column<Shop>[] = [
  { key: 'name', header: 'Shop', render: (s) => s.name, sorted: 'ascending' },
  { key: 'city', header: 'City', render: (s) => s.city },
];
const page = (items: Shop[], total_pages = 1, total_count = items.length): PageResult<Shop> => ({
  items,
  filters: { total_count, total_pages },
});

function table(queryFn: (request: PageRequest<Filters>) => Promise<PageResult<Shop>>, url = '/shops') {
  return renderScreen(
    <DataTable<Shop, Filters>
      queryKey={['shops']}
      queryFn={queryFn}
      columns={columns}
      rowKey={(s) => s.id}
      defaultFilters={{ city: '' }}
      rowTestId="shop-row"
      toolbar={(filters, setFilters) => (
        <Button onClick={() => setFilters({ city: 'Köln' })}>{`Only Köln (now: ${filters.city || 'all'})`}</Button>
      )}
    />,
    { url },
  );
}

describe('DataTable', () => {
  it('shows the rows under their headers, asking for the page and filters the address names', async () => {
    const queryFn = vi.fn(async () => page([{ id: 1, name: 'Kiosk Nord', city: 'Berlin' }]));
    await table(queryFn, '/shops?city=Berlin&page=1');
    const rows = await screen.findAllByTestId('shop-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([['Kiosk Nord', 'Berlin']]);
    expect(screen.getByRole('columnheader', { name: 'Shop' }).getAttribute('aria-sort')).toBe('ascending');
    expect(queryFn).toHaveBeenCalledWith(expect.objectContaining({ page: 1, filters: { city: 'Berlin' } }));
    // One page only: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('says so when the list is empty', async () => {
    await table(async () => page([]));
    expect(await screen.findByText('Data not available')).toBeTruthy();
    expect(screen.queryByTestId('shop-row')).toBeNull();
  });

  it('says the list could not be loaded and loads it again on "Try again"', async () => {
    const queryFn = vi
      .fn<() => Promise<PageResult<Shop>>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(page([{ id: 2, name: 'Späti', city: 'Köln' }]));
    await table(queryFn);
    expect(await screen.findByText('Error getting data')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Späti')).toBeTruthy();
    expect(screen.queryByText('Error getting data')).toBeNull();
  });

  it('pages through a long list with the pager, keeping the page in the address', async () => {
    const queryFn = vi.fn(async ({ page: p }: PageRequest<Filters>) =>
      page([{ id: p, name: `Shop of page ${p}`, city: 'Berlin' }], 3, 61),
    );
    await table(queryFn);
    expect(await screen.findByText('Shop of page 1')).toBeTruthy();
    expect(screen.getByText('61 entries')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Page 1 of 3' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(screen.getByRole('button', { name: 'Page 3 of 3' }));
    expect(await screen.findByText('Shop of page 3')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/shops?page=3');
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Shop of page 2')).toBeTruthy();
  });

  it('goes back to the first page when a filter changes, and asks with the filter', async () => {
    const queryFn = vi.fn(async ({ page: p, filters }: PageRequest<Filters>) =>
      page([{ id: p, name: `Page ${p} in ${filters.city || 'all'}`, city: filters.city }], 3, 61),
    );
    await table(queryFn, '/shops?page=2');
    expect(await screen.findByText('Page 2 in all')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Only Köln (now: all)' }));
    expect(await screen.findByText('Page 1 in Köln')).toBeTruthy();
    expect(decodeURIComponent(screen.getByTestId('address').textContent ?? '')).toBe('/shops?city=Köln');
    await waitFor(() =>
      expect(queryFn).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, filters: { city: 'Köln' } })),
    );
  });
});
