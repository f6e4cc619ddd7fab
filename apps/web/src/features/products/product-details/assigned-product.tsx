import { Alert, Badge, Button, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../ui/money.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { AssignedBadge } from '../../../ui/stock-counts.tsx';
import type { ProductWithConfigurations } from '../products.queries.ts';

const StatusBadge = ({ active }: { active: 0 | 1 }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'}>
      {t(active ? 'catalogue.common.active' : 'catalogue.common.inactive')}
    </Badge>
  );
};

/** The platform's product as the reseller it is assigned to sees it: what it sells, nothing to change. */
export function AssignedProduct({ product }: { product: ProductWithConfigurations }) {
  const { t } = useTranslation();
  const fields = [
    ['catalogue.product.pinLength', String(product.pin_length)],
    ['catalogue.product.customerCare', product.customer_care],
    ['catalogue.product.instructions', product.instructions],
  ] as const;
  return (
    <>
      <PageHeader
        title={product.product_name}
        description={t(`catalogue.productTypes.${product.product_type}`)}
        actions={
          <>
            <AssignedBadge />
            <StatusBadge active={product.is_active} />
          </>
        }
      />
      <Alert color="grape" mb="lg">
        {t('catalogue.assigned.readOnly')}
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
              {t('catalogue.product.noImage')}
            </Text>
          )}
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="lg" mt="lg">
        <Title order={2} fz="h5" mb="md">
          {t('catalogue.product.denominations')}
        </Title>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="right">{t('catalogue.product.value')}</Table.Th>
              <Table.Th>{t('catalogue.product.info')}</Table.Th>
              <Table.Th>{t('catalogue.common.status')}</Table.Th>
              <Table.Th ta="right">{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {product.configurations.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td ta="right">
                  <Money amount={c.value} />
                </Table.Td>
                <Table.Td>{c.info}</Table.Td>
                <Table.Td>
                  <StatusBadge active={c.is_active} />
                </Table.Td>
                <Table.Td ta="right">
                  <Button size="xs" variant="light" component={Link} to={`/stock/details/${c.id}`}>
                    {t('screen.stockDetails')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </>
  );
}
