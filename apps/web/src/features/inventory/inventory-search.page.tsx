import { Button, Group, Pagination, Paper, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/errors.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { inventoryKeys, type SearchFilters, searchInventory } from './inventory.queries.ts';
import { PinStateBadge } from './pin-state-badge.tsx';

/**
 * `/report/inventory-search` and the operators' pin/batch search. The search text may be a PIN, so it
 * stays in the page's state: never in the address bar, the history or a server log.
 */
export function InventorySearchPage() {
  const { t } = useTranslation();
  const [searchType, setSearchType] = useState<SearchFilters['search_type']>('pin');
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<SearchFilters | null>(null);
  const [page, setPage] = useState(1);
  const results = useQuery({
    queryKey: [...inventoryKeys.search(), submitted, page],
    enabled: submitted !== null,
    queryFn: ({ signal }) => searchInventory({ page, limit: 20, filters: submitted!, abort: signal }),
    placeholderData: keepPreviousData,
  });
  const submit = () => {
    if (!text.trim()) return;
    setPage(1);
    setSubmitted({ search_type: searchType, search_text: text.trim() });
  };

  return (
    <>
      <PageHeader title={t('screen.inventorySearch')} description={t('inventory.search.description')} />
      <Paper withBorder radius="md" p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group mb="md" align="flex-end">
            <SegmentedControl
              aria-label={t('inventory.search.searchBy')}
              value={searchType}
              onChange={(v) => setSearchType(v as SearchFilters['search_type'])}
              data={[
                { value: 'pin', label: t('inventory.search.type.pin') },
                { value: 'batch', label: t('inventory.search.type.batch') },
              ]}
            />
            <TextInput
              label={t('inventory.search.text')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autoComplete="off"
              leftSection={<IconSearch size={16} />}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={results.isFetching}>
              {t('inventory.common.search')}
            </Button>
          </Group>
        </form>
        {submitted === null ? (
          <Text c="dimmed" size="sm">
            {t('inventory.search.prompt')}
          </Text>
        ) : results.isError ? (
          <ErrorState message={describeError(t, results.error)} onRetry={() => results.refetch()} />
        ) : results.data && results.data.items.length === 0 ? (
          <EmptyState />
        ) : (
          results.data && (
            <>
              <Table.ScrollContainer minWidth={720}>
                <Table striped fz="sm" data-testid="search-results">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('inventory.stock.pin')}</Table.Th>
                      <Table.Th>{t('inventory.common.product')}</Table.Th>
                      <Table.Th ta="right">{t('products.value')}</Table.Th>
                      <Table.Th>{t('inventory.stock.lotNumber')}</Table.Th>
                      <Table.Th>{t('inventory.stock.serial')}</Table.Th>
                      <Table.Th>{t('inventory.common.status')}</Table.Th>
                      <Table.Th>{t('inventory.search.owner')}</Table.Th>
                      <Table.Th>{t('inventory.stock.importedAt')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {results.data.items.map((r) => (
                      <Table.Tr key={r.pin_id}>
                        <Table.Td ff="monospace">{r.pin}</Table.Td>
                        <Table.Td>{r.product_name}</Table.Td>
                        <Table.Td ta="right">
                          <Money amount={r.value} />
                        </Table.Td>
                        <Table.Td>{r.lot_number}</Table.Td>
                        <Table.Td>{r.serial ?? '—'}</Table.Td>
                        <Table.Td>
                          <PinStateBadge state={r.status} />
                          {r.sold_at && (
                            <Text size="xs" c="dimmed">
                              <DateTime value={r.sold_at} />
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{r.owner_name}</Table.Td>
                        <Table.Td>
                          <DateTime value={r.imported_at} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {results.data.filters.total_pages > 1 && (
                <Pagination
                  mt="sm"
                  siblings={2}
                  boundaries={1}
                  total={results.data.filters.total_pages}
                  value={page}
                  onChange={setPage}
                />
              )}
            </>
          )
        )}
      </Paper>
    </>
  );
}
