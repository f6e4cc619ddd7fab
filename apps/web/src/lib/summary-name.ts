import type { SalesSummaryRow, SummaryGroup } from '@portal/contract/reports';
import type { TFunction } from 'i18next';

/**
 * A summary row's name. A provider's goods have no product or denomination id: their key is the provider, named by
 * its sale kind's text (decision 0102), never by the provider's own identifier. Shared by the report screens and the
 * home dashboard's top products (issue 40).
 */
export function summaryName(t: TFunction, group: SummaryGroup, row: Pick<SalesSummaryRow, 'key' | 'name'>): string {
  if ((group !== 'product' && group !== 'denomination') || /^\d+$/.test(row.key)) return row.name;
  return t(`reports.saleKinds.${row.key}`, { defaultValue: row.name });
}
