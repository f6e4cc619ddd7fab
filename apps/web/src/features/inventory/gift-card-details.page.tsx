import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { AssignedBadge, StockCountBadges } from '../../ui/stock-counts.tsx';
import { useGiftCard } from './gift-cards.queries.ts';

/**
 * `/admin/giftcard/{card}`: a gift card, its denominations and each one's batches; a gift card the
 * platform assigned to the reseller shows its availability only.
 */
export function GiftCardDetailsPage() {
  const { t } = useTranslation();
  const card = Number(useParams().card);
  const giftCard = useGiftCard(card);
  if (giftCard.isPending) return <PageLoader />;
  if (giftCard.isError)
    return <ErrorState message={describeError(t, giftCard.error)} onRetry={() => giftCard.refetch()} />;
  const g = giftCard.data;
  return (
    <>
      <PageHeader
        title={g.product_name}
        description={g.customer_care}
        actions={
          <Group gap="xs">
            <Badge size="lg" variant="light" color={g.is_active ? 'teal' : 'gray'}>
              {t(g.is_active ? 'inventory.common.active' : 'inventory.common.inactive')}
            </Badge>
            {g.assigned === 1 ? (
              <AssignedBadge />
            ) : (
              <>
                <Button variant="default" component={Link} to={`/admin/giftcard/edit/${g.product_id}`}>
                  {t('inventory.common.edit')}
                </Button>
                <Button component={Link} to="/inventory/add">
                  {t('screen.inventoryAdd')}
                </Button>
              </>
            )}
          </Group>
        }
      />
      {g.assigned === 1 && (
        <Alert color="grape" mb="lg">
          {t('inventory.assigned.stockOnly')}
        </Alert>
      )}
      <Stack>
        {g.configurations.map((c) => (
          <Paper key={c.id} withBorder radius="md" p="md">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="h4">
                <Money amount={c.value} />{' '}
                {c.info && (
                  <Text span c="dimmed" size="sm">
                    · {c.info}
                  </Text>
                )}
              </Title>
              <StockCountBadges counts={c} />
            </Group>
            {c.assigned === 1 ? null : c.batches.length === 0 ? (
              <EmptyState />
            ) : (
              <Table striped fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('inventory.giftCard.batchNo')}</Table.Th>
                    <Table.Th>{t('inventory.stock.importedAt')}</Table.Th>
                    <Table.Th ta="right">{t('inventory.stock.total')}</Table.Th>
                    <Table.Th ta="right">{t('inventory.stock.sold')}</Table.Th>
                    <Table.Th ta="right">{t('inventory.stock.available')}</Table.Th>
                    <Table.Th ta="right">{t('inventory.stock.unpublished')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.batches.map((b) => (
                    <Table.Tr key={b.batch}>
                      <Table.Td>
                        <Text size="sm" component={Link} to={`/stock/details/${c.id}/${encodeURIComponent(b.batch)}`}>
                          {b.lot_number}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <DateTime value={b.imported_at} />
                      </Table.Td>
                      <Table.Td ta="right">{b.total}</Table.Td>
                      <Table.Td ta="right">{b.sold}</Table.Td>
                      <Table.Td ta="right">{b.available}</Table.Td>
                      <Table.Td ta="right">{b.unpublished}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        ))}
      </Stack>
    </>
  );
}
