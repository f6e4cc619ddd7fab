import type { StockCounts, VisibleStockCounts } from '@portal/contract/inventory';
import type { ConfigurationView, ProductView } from '@portal/contract/products';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';
import type { LotRow } from './inventory.queries.ts';

export interface GiftCardDetails extends ProductView {
  configurations: (ConfigurationView & VisibleStockCounts & { batches: LotRow[] })[];
}

export interface GiftCardBatch extends StockCounts {
  batch: string;
  batch_no: string;
  product_id: number;
  product_name: string;
  configuration_id: number;
  value: string;
  imported_at: string;
}

export const giftCardKeys = {
  all: ['gift-cards'] as const,
  detail: (card: number) => [...giftCardKeys.all, 'detail', card] as const,
  batches: () => [...giftCardKeys.all, 'batches'] as const,
};

export function useGiftCard(card: number) {
  return useQuery({
    queryKey: giftCardKeys.detail(card),
    queryFn: ({ signal }) => api.call('/gift_card_details/', { card }, { abort: signal }),
  });
}

export type BatchSearchFilters = { batch_no: string };

export async function searchGiftCardBatches({
  page,
  filters,
  abort,
}: PageRequest<BatchSearchFilters>): Promise<PageResult<GiftCardBatch>> {
  if (!filters.batch_no) return { items: [], filters: { total_count: 0, total_pages: 0 } };
  const data = await api.call('/gift_card_batch_search/', { batch_no: filters.batch_no, page }, { abort });
  return { items: data.batches, filters: data.filters };
}
