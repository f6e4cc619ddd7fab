import { Badge, Paper, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../ui/money.tsx';
import type { ProductWithConfigurations } from '../products.queries.ts';

type Configuration = ProductWithConfigurations['configurations'][number];

export function ActiveBadge({ active, size }: { active: 0 | 1; size?: 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge size={size} variant="light" color={active ? 'teal' : 'gray'}>
      {t(active ? 'products.common.active' : 'products.common.inactive')}
    </Badge>
  );
}

/** A product's denominations with their status and one action each; `children` follow the table. */
export function DenominationsTable(o: {
  configurations: Configuration[];
  action: (c: Configuration) => ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" mt="lg">
      <Title order={2} fz="h5" mb="md">
        {t('products.denominations')}
      </Title>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right">{t('products.value')}</Table.Th>
            <Table.Th>{t('products.info')}</Table.Th>
            <Table.Th>{t('products.common.status')}</Table.Th>
            <Table.Th ta="right">{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {o.configurations.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td ta="right">
                <Money amount={c.value} />
              </Table.Td>
              <Table.Td>{c.info}</Table.Td>
              <Table.Td>
                <ActiveBadge active={c.is_active} />
              </Table.Td>
              <Table.Td ta="right">{o.action(c)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {o.children}
    </Paper>
  );
}
