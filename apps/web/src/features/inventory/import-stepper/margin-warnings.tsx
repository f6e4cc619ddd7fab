import { Alert, Table, Text } from '@mantine/core';
import { formatPercent } from '@portal/contract/format';
import type { MarginWarning } from '@portal/contract/inventory-import';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';

/**
 * DOMAIN.md: approving an import whose cost breaks an existing plan warns the operator. The approval
 * happened; these customers now pay less than a PIN costs.
 */
export function MarginWarnings({ warnings }: { warnings: MarginWarning[] }) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  const [first] = warnings;
  if (!first) return null;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={t('inventory.import.marginWarning.title')}
      data-testid="margin-warnings"
    >
      <Text size="sm" mb="xs">
        {t('inventory.import.marginWarning.text', { cost: money(first.cost) })}
      </Text>
      <Table fz="sm" withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('inventory.import.marginWarning.customer')}</Table.Th>
            <Table.Th>{t('inventory.import.marginWarning.plan')}</Table.Th>
            <Table.Th ta="right">{t('inventory.import.marginWarning.discount')}</Table.Th>
            <Table.Th ta="right">{t('inventory.import.marginWarning.price')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {warnings.map((w) => (
            <Table.Tr key={w.customer_id}>
              <Table.Td>{w.customer_name}</Table.Td>
              <Table.Td>
                {w.discount_plan ?? '—'}
                {w.from_default_slab === 1 && ` (${t('inventory.import.marginWarning.defaultPlan')})`}
              </Table.Td>
              <Table.Td ta="right">{formatPercent(w.discount)}</Table.Td>
              <Table.Td ta="right">{money(w.price)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}
