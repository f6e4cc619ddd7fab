import { z } from 'zod';
import { type EndpointSchemas, pageOf } from './envelope.ts';
import { int, lotRow, stockCounts, withVisibleCounts } from './inventory.ts';
import { LIMITS } from './limits.ts';
import {
  addProductBody,
  configurationView,
  productView,
  productWithConfigurations,
  updateProductBody,
} from './products.ts';
import { SCREENS } from './screens.ts';

export const giftCardsBody = z.object({
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
  search_text: z.string().trim().max(100).optional(),
});
/** Gift cards are products of type gift card (spec section 2 "/admin/giftcards/…"). */
export const addGiftCardsBody = addProductBody.omit({ product_type: true });
export const updateGiftCardsBody = updateProductBody;
export const giftCardDetailsBody = z.object({ card: z.number().int().positive() });
export const giftCardBatchSearchBody = z.object({
  batch_no: z.string().trim().min(1, 'batch_no: required').max(100),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
});

export const giftCardConfiguration = withVisibleCounts({
  ...configurationView.shape,
  batches: z.array(lotRow),
});
export type GiftCardConfiguration = z.infer<typeof giftCardConfiguration>;
export const giftCardDetails = productView.extend({ configurations: z.array(giftCardConfiguration) });
export type GiftCardDetails = z.infer<typeof giftCardDetails>;

/** A lot of gift card codes found by its batch number. */
export const giftCardBatch = stockCounts.extend({
  batch: z.string(),
  batch_no: z.string(),
  product_id: int,
  product_name: z.string(),
  configuration_id: int,
  value: z.string(),
  imported_at: z.string(),
});
export type GiftCardBatch = z.infer<typeof giftCardBatch>;

export const giftCardsEndpoints = {
  '/view_gift_cards/': {
    body: giftCardsBody,
    data: pageOf('gift_cards', productView),
    rule: SCREENS['/admin/giftcards/'],
  },
  '/gift_card_details/': { body: giftCardDetailsBody, data: giftCardDetails, rule: SCREENS['/admin/giftcards/'] },
  '/gift_card_batch_search/': {
    body: giftCardBatchSearchBody,
    data: pageOf('batches', giftCardBatch),
    rule: SCREENS['/admin/giftcards/'],
  },
  '/add_gift_cards/': { body: addGiftCardsBody, data: productWithConfigurations, rule: SCREENS['/admin/giftcards/'] },
  '/update_gift_cards/': {
    body: updateGiftCardsBody,
    data: productWithConfigurations,
    rule: SCREENS['/admin/giftcards/'],
  },
} satisfies Record<string, EndpointSchemas>;
