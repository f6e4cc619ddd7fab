import { Alert, Button, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header.tsx';
import { AssignedBadge } from '../../../ui/stock-counts.tsx';
import type { ProductWithConfigurations } from '../products.queries.ts';
import { ActiveBadge, DenominationsTable } from './denominations-table.tsx';

/** The platform's product as the reseller it is assigned to sees it: what it sells, nothing to change. */
export function AssignedProduct({ product }: { product: ProductWithConfigurations }) {
  const { t } = useTranslation();
  const fields = [
    ['products.pinLength', String(product.pin_length)],
    ['products.customerCare', product.customer_care],
    ['products.instructions', product.instructions],
  ] as const;
  return (
    <>
      <PageHeader
        title={product.product_name}
        description={t(`products.types.${product.product_type}`)}
        actions={
          <>
            <AssignedBadge />
            <ActiveBadge active={product.is_active} />
          </>
        }
      />
      <Alert color="grape" mb="lg">
        {t('products.assigned.readOnly')}
      </Alert>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Paper withBorder radius="md" p="lg" style={{ gridColumn: 'span 2' }}>
          <Stack gap="sm">
            {fields.map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {t(label)}
                </Text>
                <Text style={{ whiteSpace: 'pre-line' }}>{value || '—'}</Text>
              </div>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          {product.product_image ? (
            <Image src={product.product_image} alt={product.product_name} mah={160} fit="contain" />
          ) : (
            <Text c="dimmed" size="sm">
              {t('products.noImage')}
            </Text>
          )}
        </Paper>
      </SimpleGrid>
      <DenominationsTable
        configurations={product.configurations}
        action={(c) => (
          <Button size="xs" variant="light" component={Link} to={`/stock/details/${c.id}`}>
            {t('screen.stockDetails')}
          </Button>
        )}
      />
    </>
  );
}
