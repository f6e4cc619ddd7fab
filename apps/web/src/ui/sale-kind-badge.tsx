import { Badge, Group } from '@mantine/core';
import type { SalesReportRow } from '@portal/contract/reports';
import { useTranslation } from 'react-i18next';

/**
 * A sale's kind: single or bulk for PINs, the provider's goods by name (any provider, named by its own text until it
 * has a translation), and a refund after a provider sale was reversed (decision 0102).
 */
export function SaleKindBadge({ row }: { row: Pick<SalesReportRow, 'kind' | 'sale_kind' | 'refund'> }) {
  const { t } = useTranslation();
  if (row.kind !== null) {
    return (
      <Badge variant="light" color={row.kind === 'bulk' ? 'grape' : 'blue'}>
        {t(`reports.kinds.${row.kind}`)}
      </Badge>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color="teal">
        {t(`reports.saleKinds.${row.sale_kind}`, { defaultValue: row.sale_kind })}
      </Badge>
      {row.refund && (
        <Badge variant="light" color="red">
          {t('reports.refund')}
        </Badge>
      )}
    </Group>
  );
}
