import type {
  addGiftCardsBody,
  GiftCardDetails,
  giftCardBatchSearchBody,
  giftCardsBody,
  updateGiftCardsBody,
} from '@portal/contract/gift-cards';
import { LIMITS } from '@portal/contract/limits';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor.ts';
import type { ProductsService } from '../products/products.service.ts';
import { toGiftCardBatch, toGiftCardConfiguration } from './inventory.mapper.ts';
import type { InventoryService } from './inventory.service.ts';
import type { StockRepository } from './stock.repository.ts';

const GIFT_CARD = ['gift_card'] as const;

/** Gift cards are the products of type gift card with their batches (lots of imported codes). */
export function createGiftCardsService(deps: {
  repo: StockRepository;
  products: ProductsService;
  inventory: InventoryService;
}) {
  const { repo, products, inventory } = deps;

  async function findGiftCards(actor: Actor, q: z.output<typeof giftCardsBody>) {
    return products.findProducts(
      actor,
      { view_type: 0, page: q.page, total_items: q.limit, search_text: q.search_text, filters: {} },
      GIFT_CARD,
    );
  }

  /** One gift card with each denomination's counts and lots. */
  async function getGiftCard(actor: Actor, card: number): Promise<GiftCardDetails> {
    const one = await products.getProduct(actor, card, 1, LIMITS.maxPageSize, GIFT_CARD);
    const configurations = await Promise.all(
      one.configurations.map(async (c) => {
        const details = await inventory.getStockDetails(actor, c.id, 1, LIMITS.maxPageSize);
        return toGiftCardConfiguration(c, details.counts, details.items);
      }),
    );
    return { ...one.product, configurations };
  }

  async function searchBatches(actor: Actor, q: z.output<typeof giftCardBatchSearchBody>) {
    const { items, total } = await repo.findLots({
      ownerCustomerId: actor.customerId,
      lot: q.batch_no,
      productTypes: [...GIFT_CARD],
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return { items: items.map(toGiftCardBatch), total };
  }

  async function createGiftCard(actor: Actor, b: z.output<typeof addGiftCardsBody>) {
    return products.createProduct(actor, { ...b, product_type: 'gift_card' });
  }

  async function updateGiftCard(actor: Actor, b: z.output<typeof updateGiftCardsBody>) {
    return products.updateProduct(actor, b, GIFT_CARD);
  }

  return { findGiftCards, getGiftCard, searchBatches, createGiftCard, updateGiftCard };
}
export type GiftCardsService = ReturnType<typeof createGiftCardsService>;
