import { envelopeOf, pageOf } from '@portal/contract/envelope';
import {
  addGiftCardsBody,
  giftCardBatch,
  giftCardBatchSearchBody,
  giftCardDetails,
  giftCardDetailsBody,
  giftCardsBody,
  updateGiftCardsBody,
} from '@portal/contract/gift-cards';
import { productView, productWithConfigurations } from '@portal/contract/products';
import { SCREENS } from '@portal/contract/screens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { GiftCardsService } from './gift-cards.service.ts';

const tags = ['gift cards'];
const rule = SCREENS['/admin/giftcards/'];

export function giftCardsRoutes(giftCards: GiftCardsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/view_gift_cards/',
      {
        schema: { body: giftCardsBody, tags, response: { 200: envelopeOf(pageOf('gift_cards', productView)) } },
        config: { rule },
      },
      async (req) => {
        const q = req.body;
        const { items, total } = await giftCards.findGiftCards(req.actor, q);
        return ok(page('gift_cards', items, total, q, { search_text: q.search_text ?? '' }));
      },
    );
    app.post(
      '/gift_card_details/',
      { schema: { body: giftCardDetailsBody, tags, response: { 200: envelopeOf(giftCardDetails) } }, config: { rule } },
      async (req) => ok(await giftCards.getGiftCard(req.actor, req.body.card)),
    );
    app.post(
      '/gift_card_batch_search/',
      {
        schema: {
          body: giftCardBatchSearchBody,
          tags,
          response: { 200: envelopeOf(pageOf('batches', giftCardBatch)) },
        },
        config: { rule },
      },
      async (req) => {
        const q = req.body;
        const { items, total } = await giftCards.searchBatches(req.actor, q);
        return ok(page('batches', items, total, q, { batch_no: q.batch_no }));
      },
    );
    app.post(
      '/add_gift_cards/',
      {
        schema: { body: addGiftCardsBody, tags, response: { 200: envelopeOf(productWithConfigurations) } },
        config: { rule },
      },
      async (req) => ok(await giftCards.createGiftCard(req.actor, req.body), 'Gift card added'),
    );
    app.post(
      '/update_gift_cards/',
      {
        schema: { body: updateGiftCardsBody, tags, response: { 200: envelopeOf(productWithConfigurations) } },
        config: { rule },
      },
      async (req) => ok(await giftCards.updateGiftCard(req.actor, req.body), 'Gift card updated'),
    );
  };
}
